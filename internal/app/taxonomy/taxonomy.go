// Package taxonomy answers people's questions about the OASF taxonomies
// (`oncard oasf`): search, show what an id or name means in every known
// version, list the versions, sync newer ones from a schema server; and it
// loads the synced versions before a command runs and warns about damaged
// ones after.
package taxonomy

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

var (
	loadOnce   sync.Once
	reportedMu sync.Mutex
	reported   = map[string]bool{} // load errors already shown, by text
)

// LoadSynced registers every version in the user cache with package oasf
// (once per process). A damaged cache entry is a warning on w, never a
// failure: the embedded taxonomies still work.
func LoadSynced(w io.Writer, useSynced bool) {
	loadOnce.Do(func() {
		if _, err := oasfclient.LoadCache(oasfclient.LoadOptions{UseSynced: useSynced}); err != nil {
			fmt.Fprintf(w, "oncard: warning: %s\n", model.SafeText(err.Error()))
		}
	})
}

// ReportLoadErrors warns on w about every synced version this command
// needed but could not read (each once per process). Versions the command
// did not use are never read, so they never warn.
func ReportLoadErrors(w io.Writer) {
	reportedMu.Lock()
	defer reportedMu.Unlock()
	for _, err := range oasf.LoadErrors() {
		msg := err.Error()
		if reported[msg] {
			continue
		}
		reported[msg] = true
		fmt.Fprintf(w, "oncard: warning: %s\n", model.SafeText(msg))
	}
}

// Sync fetches the taxonomies of the server (the configured one for "")
// into the user cache: the versions named, or by default the newest the
// server lists and the built-in ones (oasfclient.Client.Sync), and says
// what it stored on out (notes on errw).
func Sync(ctx context.Context, out, errw io.Writer, server string, versions []string, useSynced bool) error {
	url, err := app.OASFServerURL(server)
	if err != nil {
		return err
	}
	c, err := oasfclient.New(url, oasfclient.Options{})
	if err != nil {
		return app.UsageError{Msg: err.Error()}
	}
	synced, err := c.Sync(ctx, versions, oasfclient.SyncOptions{UseSynced: useSynced})
	for _, s := range synced {
		fmt.Fprintf(out, "synced OASF %s from %s: %d skills, %d domains\n",
			model.SafeText(s.Version), model.SafeText(c.URL()), s.Skills, s.Domains)
		if s.DiffersFromBuiltin != "" && !useSynced {
			fmt.Fprintf(errw, "oncard: note: the synced OASF %s differs from the built-in %s (%s); oncard keeps using the built-in. To use the synced copy, pass --oasf-use-synced or set \"oasf_use_synced\": true in the config file.\n",
				model.SafeText(s.Version), model.SafeText(s.Version), s.DiffersFromBuiltin)
		}
	}
	if len(synced) > 0 {
		fmt.Fprintf(out, "stored in %s\n", model.SafeText(strings.TrimSuffix(synced[0].Dir, string(os.PathSeparator)+synced[0].Version)))
	}
	if err != nil {
		return fmt.Errorf("sync: %s", model.SafeText(err.Error()))
	}
	return nil
}

// Versions lists the versions known, where each comes from, and its size.
func Versions(out io.Writer) {
	versions := oasf.Versions()
	oasf.Preload(versions...) // every synced version is shown: parse them side by side
	for _, v := range versions {
		t := oasf.Get(v)
		if t == nil {
			continue
		}
		mark := ""
		if v == oasf.DefaultVersion {
			mark = " (default)"
		}
		fmt.Fprintf(out, "%s%s\t%s: %d skills, %d domains\n", model.SafeText(v), mark,
			model.SafeText(t.Source), t.Skills.Len(), t.Domains.Len())
	}
}

// KindOf maps the --domains switch of search and show to a kind.
func KindOf(domains bool) oasf.Kind {
	if domains {
		return oasf.Domains
	}
	return oasf.Skills
}

// taxonomyOf returns the taxonomy of version, or a usage error listing the
// known versions.
func taxonomyOf(version string) (*oasf.Taxonomy, error) {
	t := oasf.Get(version)
	if t == nil {
		return nil, app.UsageError{Msg: fmt.Sprintf("unknown OASF schema version \"%s\"; known: %s (oncard oasf sync fetches newer ones)",
			model.SafeText(version), strings.Join(oasf.Versions(), ", "))}
	}
	return t, nil
}

// Search prints on out the classes of version whose name or caption match
// query (at most limit; 0 for all). None is a message on errw and
// app.ErrReported.
func Search(out, errw io.Writer, version string, domains bool, limit int, query string) error {
	t, err := taxonomyOf(version)
	if err != nil {
		return err
	}
	if limit < 0 {
		return app.UsageError{Msg: "--limit must be 0 (no limit) or more"}
	}
	matches := t.Tree(KindOf(domains)).Search(query, limit)
	if len(matches) == 0 {
		fmt.Fprintf(errw, "oncard: no %s in OASF %s match \"%s\"\n", KindOf(domains), t.Version, model.SafeText(query))
		printAlternatives(errw, t, KindOf(domains), query)
		return app.ErrReported
	}
	printMatches(out, matches)
	return nil
}

// printAlternatives prints what the taxonomy offers for a query that found
// nothing (the picker offers the same): the other kind's matches, and
// caption words close to the query's.
func printAlternatives(out io.Writer, t *oasf.Taxonomy, k oasf.Kind, query string) {
	other, flag := oasf.Domains, " --domains"
	if k == oasf.Domains {
		other, flag = oasf.Skills, ""
	}
	alt := t.Tree(k).Alternatives(query, t.Tree(other), 5)
	if len(alt.Words) > 0 {
		fmt.Fprintf(out, "  words of %s captions close to it: %s\n", k, model.SafeText(strings.Join(alt.Words, ", ")))
	}
	if len(alt.Other) > 0 {
		fmt.Fprintf(out, "  %s that match it (oncard oasf search%s):\n", other, flag)
		for _, m := range alt.Other {
			fmt.Fprintf(out, "    %d  %s  %s\n", m.Class.ID, model.SafeText(m.Class.Name), model.SafeText(m.Class.Caption))
		}
	}
}

// Show prints on out what query (an id or a name) means in version, or in
// every known version ("" for version). Nothing found is a message with a
// hint on errw and app.ErrReported.
//
// Every known version is the built-in ones and the newest maxShownSynced
// synced ones: each version shown is read and parsed, and the cache may
// hold any number (older ones are named on errw, for --version).
func Show(out, errw io.Writer, version string, domains bool, query string) error {
	versions := oasf.Versions()
	if version != "" {
		if _, err := taxonomyOf(version); err != nil {
			return err
		}
		versions = []string{version}
	} else {
		var older []string
		versions, older = shownVersions(versions)
		if len(older) > 0 {
			fmt.Fprintf(errw, "oncard: note: %d older synced %s not shown (%s); name one with --version\n",
				len(older), app.Plural(len(older), "version", "versions"), model.SafeText(strings.Join(older, ", ")))
		}
		oasf.Preload(versions...) // side by side rather than one after the other
	}
	k := KindOf(domains)
	found := lookAcross(k, query, versions)
	if len(found) == 0 {
		fmt.Fprintf(errw, "oncard: no %s \"%s\" in OASF %s\n", strings.TrimSuffix(k.String(), "s"),
			model.SafeText(query), strings.Join(versions, ", "))
		printShowHint(errw, domains, query, versions)
		return app.ErrReported
	}
	return printShow(out, k, query, found)
}

// maxShownSynced is how many synced versions (the newest) Show looks in
// when no version is named.
const maxShownSynced = 4

// shownVersions splits the known versions (oldest first) into those Show
// looks in, in the same order, and the older synced ones it leaves out.
func shownVersions(known []string) (shown, older []string) {
	synced := 0
	keep := make([]bool, len(known))
	for i := len(known) - 1; i >= 0; i-- {
		if oasf.Embedded(known[i]) != nil {
			keep[i] = true
		} else if synced < maxShownSynced {
			keep[i] = true
			synced++
		}
	}
	for i, v := range known {
		if keep[i] {
			shown = append(shown, v)
		} else {
			older = append(older, v)
		}
	}
	return shown, older
}

// printMatches prints one line per match (id, name, caption), aligned, with
// the description below when the version was synced from a server.
func printMatches(out io.Writer, matches []oasf.Match) {
	idW, nameW := 0, 0
	for _, m := range matches {
		idW = max(idW, len(strconv.Itoa(m.Class.ID)))
		nameW = max(nameW, len(model.SafeText(m.Class.Name)))
	}
	for _, m := range matches {
		c := m.Class
		fmt.Fprintf(out, "%-*d  %-*s  %s%s\n", idW, c.ID, nameW, model.SafeText(c.Name), model.SafeText(c.Caption), categoryMark(c))
		if c.Description != "" {
			fmt.Fprintf(out, "%*s  %s\n", idW, "", model.SafeText(c.Description))
		}
	}
}

func categoryMark(c *oasf.Class) string {
	if c.Category {
		return "  (category: not valid as a value)"
	}
	return ""
}

// printShowHint says what to try after a failed show: the other kind when
// the query means something there, else a search (show wants an exact id
// or full name, which people rarely remember).
func printShowHint(w io.Writer, domains bool, query string, versions []string) {
	if len(lookAcross(KindOf(!domains), query, versions)) > 0 {
		flag := "--domains "
		if domains {
			flag = ""
		}
		fmt.Fprintf(w, "  hint: it is a %s: oncard oasf show %s%s\n",
			strings.TrimSuffix(KindOf(!domains).String(), "s"), flag, model.SafeText(query))
		return
	}
	flag := ""
	if domains {
		flag = "--domains "
	}
	fmt.Fprintf(w, "  hint: show takes an id or a full name; find one with: oncard oasf search %s'%s'\n", flag, model.SafeText(query))
}

// found is what a query means in one version.
type found struct {
	version string
	class   *oasf.Class
	byLeaf  bool // matched by last name segment only, not by full name
}

// lookAcross resolves an id (all digits) or a name in each version: a name
// by its full path, else by its last segment, the way the schema server
// resolves names.
func lookAcross(k oasf.Kind, query string, versions []string) []found {
	id, err := strconv.Atoi(query)
	isID := err == nil
	var out []found
	for _, v := range versions {
		t := oasf.Get(v)
		if t == nil {
			continue
		}
		tree := t.Tree(k)
		if isID {
			if c := tree.ByID(id); c != nil {
				out = append(out, found{version: v, class: c})
			}
			continue
		}
		if c := tree.ByName(query); c != nil {
			out = append(out, found{version: v, class: c})
		} else if cs := tree.ByLeaf(oasf.Leaf(query)); len(cs) > 0 {
			out = append(out, found{version: v, class: cs[0], byLeaf: true})
		}
	}
	return out
}

// sameMeaning reports whether every version resolves to the same class.
func sameMeaning(fs []found) bool {
	for _, f := range fs[1:] {
		if f.class.ID != fs[0].class.ID || f.class.Name != fs[0].class.Name {
			return false
		}
	}
	return true
}

func printShow(out io.Writer, k oasf.Kind, query string, fs []found) error {
	kind := strings.TrimSuffix(k.String(), "s")
	if sameMeaning(fs) {
		vs := make([]string, len(fs))
		for i, f := range fs {
			vs[i] = f.version
		}
		c := fs[0].class
		w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintf(w, "%s %s in OASF %s\n", kind, model.SafeText(query), strings.Join(vs, ", "))
		for _, row := range classRows(c, fs[0].byLeaf) {
			fmt.Fprintf(w, "  %s\t%s\n", row[0], row[1])
		}
		if err := w.Flush(); err != nil {
			return err
		}
		printDescriptions(out, fs[len(fs)-1:], false)
		return nil
	}
	// Side by side: one column per version.
	w := tabwriter.NewWriter(out, 0, 4, 3, ' ', 0)
	fmt.Fprintf(w, "%s %s means different things across versions\n", kind, model.SafeText(query))
	header := []string{" "}
	for _, f := range fs {
		header = append(header, "OASF "+f.version)
	}
	fmt.Fprintln(w, strings.Join(header, "\t"))
	cols := make([][][2]string, len(fs))
	for i, f := range fs {
		cols[i] = classRows(f.class, f.byLeaf)
	}
	for r := range cols[0] {
		cells := []string{"  " + cols[0][r][0]}
		for i := range fs {
			cells = append(cells, cols[i][r][1])
		}
		fmt.Fprintln(w, strings.Join(cells, "\t"))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	printDescriptions(out, fs, true)
	return nil
}

// classRows are the label/value rows of one class, in a fixed order so
// that side-by-side columns line up.
func classRows(c *oasf.Class, byLeaf bool) [][2]string {
	parent := c.Parent
	if parent == "" {
		parent = "-"
	}
	name := model.SafeText(c.Name)
	if byLeaf {
		name += " (by last segment)"
	}
	valid := "yes"
	if c.Category {
		valid = "no (category)"
	}
	return [][2]string{
		{"id", strconv.Itoa(c.ID)},
		{"name", name},
		{"caption", model.SafeText(c.Caption)},
		{"parent", model.SafeText(parent)},
		{"valid value", valid},
	}
}

// printDescriptions prints descriptions, which only synced versions carry.
func printDescriptions(out io.Writer, fs []found, labelled bool) {
	for _, f := range fs {
		if f.class.Description == "" {
			continue
		}
		if labelled {
			fmt.Fprintf(out, "  description (%s): %s\n", f.version, model.SafeText(f.class.Description))
		} else {
			fmt.Fprintf(out, "  description: %s\n", model.SafeText(f.class.Description))
		}
	}
}
