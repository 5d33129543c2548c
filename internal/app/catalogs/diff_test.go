package catalogs

import "testing"

func TestUnifiedDiff(t *testing.T) {
	old := []byte("a\nb\nc\nd\ne\nf\ng\nh\n")
	tests := []struct {
		name    string
		old     []byte
		new     string
		created bool
		want    string
	}{
		{"middle", old, "a\nb\nc\nd\nE\nf\ng\nh\n", false,
			"--- c.json\n+++ c.json\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"},
		{"append", old, "a\nb\nc\nd\ne\nf\ng\nh\ni\n", false,
			"--- c.json\n+++ c.json\n@@ -6,3 +6,4 @@\n f\n g\n h\n+i\n"},
		{"no final newline", []byte("a\nb"), "a\nc", false,
			"--- c.json\n+++ c.json\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"new file", nil, "x\n", true,
			"--- /dev/null\n+++ c.json\n@@ -0,0 +1 @@\n+x\n"},
		{"same", old, string(old), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unifiedDiff("c.json", tt.old, []byte(tt.new), tt.created)
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
