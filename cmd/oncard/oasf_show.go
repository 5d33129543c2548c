package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

func newOASFSearchCmd() *cobra.Command {
	var version string
	var domains bool
	var limit int
	cmd := &cobra.Command{
		Use:   "search TERM [--version V] [--domains]",
		Short: "Find OASF skills (or domains) by name or caption",
		Example: `  oncard oasf search "error handling"
  oncard oasf search --domains security --version 1.0.0`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := taxonomyOf(cmd, version)
			if err != nil {
				return err
			}
			if limit < 0 {
				return usageError{msg: "--limit must be 0 (no limit) or more", cmd: cmd.CommandPath()}
			}
			query := strings.Join(args, " ")
			matches := t.Tree(kindOf(domains)).Search(query, limit)
			if len(matches) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "oncard: no %s in OASF %s match \"%s\"\n", kindOf(domains), t.Version, model.SafeText(query))
				printAlternatives(cmd.ErrOrStderr(), t, kindOf(domains), query)
				return exitError{exitInvalid}
			}
			printMatches(cmd.OutOrStdout(), matches)
			return nil
		},
	}
	cmd.Flags().StringVar(&version, "version", oasf.DefaultVersion, "the OASF schema version to search")
	cmd.Flags().BoolVar(&domains, "domains", false, "search domains instead of skills")
	cmd.Flags().IntVar(&limit, "limit", 20, "at most this many results; 0 shows all")
	return cmd
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

func newOASFShowCmd() *cobra.Command {
	var version string
	var domains bool
	cmd := &cobra.Command{
		Use:   "show ID|NAME [--version V] [--domains]",
		Short: "Show one OASF skill (or domain) in every known version",
		Long: `Show prints what an id or a full name means. Without --version it looks in
every known version; when the meaning differs between versions (1.1.0
redesigned the skill tree, so many ids changed meaning) the versions are
printed side by side.`,
		Example: `  oncard oasf show 60602
  oncard oasf show software_engineering/code_debugging/error_handling
  oncard oasf show --domains 10305`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			versions := oasf.Versions()
			if version != "" {
				if _, err := taxonomyOf(cmd, version); err != nil {
					return err
				}
				versions = []string{version}
			}
			k := kindOf(domains)
			found := lookAcross(k, args[0], versions)
			if len(found) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "oncard: no %s \"%s\" in OASF %s\n", strings.TrimSuffix(k.String(), "s"),
					model.SafeText(args[0]), strings.Join(versions, ", "))
				printShowHint(cmd.ErrOrStderr(), domains, args[0], versions)
				return exitError{exitInvalid}
			}
			return printShow(cmd.OutOrStdout(), k, args[0], found)
		},
	}
	cmd.Flags().StringVar(&version, "version", "", "only this OASF schema version")
	cmd.Flags().BoolVar(&domains, "domains", false, "look in domains instead of skills")
	return cmd
}

// printShowHint says what to try after a failed show: the other kind when
// the query means something there, else a search (show wants an exact id
// or full name, which people rarely remember).
func printShowHint(w io.Writer, domains bool, query string, versions []string) {
	if len(lookAcross(kindOf(!domains), query, versions)) > 0 {
		flag := "--domains "
		if domains {
			flag = ""
		}
		fmt.Fprintf(w, "  hint: it is a %s: oncard oasf show %s%s\n",
			strings.TrimSuffix(kindOf(!domains).String(), "s"), flag, model.SafeText(query))
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
