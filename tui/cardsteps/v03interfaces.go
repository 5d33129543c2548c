package cardsteps

import (
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// v03Interfaces shows the interfaces of a v0.3 card, which has no
// supportedInterfaces but a top-level url (the preferred interface, with
// preferredTransport) and additionalInterfaces: read here as they are, with
// how to convert them. "" when the card has no v0.3 url either.
func v03Interfaces(th *style.Theme, s *editor.State, width int) string {
	url := s.Doc.Find("/url")
	if url == nil {
		return ""
	}
	transport := s.Text("/preferredTransport")
	if transport == "" {
		transport = "JSONRPC (the v0.3 default)"
	}
	var b strings.Builder
	line := func(text string) { b.WriteString(widgets.Truncate(text, width) + "\n") }
	b.WriteString(widgets.HintLines(th, "This is an A2A v0.3 card: its interfaces are the top-level url, preferredTransport and additionalInterfaces, shown here as they are.", width) + "\n\n")
	line(fmt.Sprintf("1. %s %s  %s", th.Hint.Render("(preferred)"), model.SafeText(url.Text()), model.SafeText(transport)))
	line(th.Hint.Render("     url + preferredTransport"))
	add := s.Doc.Find("/additionalInterfaces")
	for i := 0; i < add.Len(); i++ {
		it := add.Index(i)
		p := editor.Item("/additionalInterfaces", i)
		text := fmt.Sprintf("%d. ", i+2)
		if d := s.DiagsAt(p); len(d) > 0 {
			text += widgets.DiagMark(th, d) + " "
		}
		line(text + model.SafeText(it.Get("url").Text()) + "  " + model.SafeText(it.Get("transport").Text()))
		line(th.Hint.Render("     additionalInterfaces[" + fmt.Sprint(i) + "]"))
	}
	if v := s.Text("/protocolVersion"); v != "" {
		line(th.Hint.Render("protocolVersion " + model.SafeText(v) + " (for every interface)"))
	}
	b.WriteString("\n" + widgets.HintLines(th, "v1.0 lists them in supportedInterfaces. To convert the card: `oncard edit FILE --upgrade` (add --keep-dual to keep serving v0.3 clients), or the upgrade on the Review step of `oncard edit FILE`; both show the diff first. Press a to add a v1.0 interface by hand.", width))
	return b.String()
}
