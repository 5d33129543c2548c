package verdict

import "testing"

// TestConfigMistakesInJSONTerms: a config member of the wrong type or an
// unknown one is named by its path and line, in JSON's words, not Go's
// ("cannot unmarshal string into Go struct field IgnoreRule.ignore.paths
// of type []string").
func TestConfigMistakesInJSONTerms(t *testing.T) {
	for bad, want := range map[string]string{
		"{\n  \"ignore\": [{\"paths\": [\"a/*.json\"]}, {\"paths\": \"b/*.json\"}]\n}": ".oncard.json: line 2, column 49: ignore[1].paths must be an array, not a string",
		`{"failOn": 1}`:   ".oncard.json: line 1, column 12: failOn must be a string, not a number",
		`{"ignores": []}`: `.oncard.json: unknown member "ignores"`,
		`{"ignore": [3]}`: ".oncard.json: line 1, column 13: ignore[0] must be an object, not a number",
		``:                ".oncard.json: it is empty, expected a JSON value",
	} {
		_, err := ParseConfig([]byte(bad), ".oncard.json")
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got  %v\n want %s", bad, err, want)
		}
	}
}
