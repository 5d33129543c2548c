package validate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// The fallback for servers that do not define the discovery object.
//
// Every skill and domain reference is resolved by the server's class
// lookups (GET /api/<v>/skills?id=…|name=…, /domains likewise). The classes
// the server returned, together with the server's top-level categories
// (which its lookups do not find by name), form a small tree: the server's
// view of exactly the classes this payload mentions. CheckReference and
// CheckDuplicates, the offline rules with the server's types and messages,
// then run against that tree. So the online verdict differs from the
// offline one exactly where the server resolves an id or a name differently
// from oncard's taxonomy (a newer or changed version), which is what the
// comparison is for.

type lookupKey struct {
	version string
	kind    oasf.Kind
	id      int64
	name    string
}

// treeKey names the categories of one version and kind.
type treeKey struct {
	version string
	kind    oasf.Kind
}

type lookupResult struct {
	class *oasf.Class // nil: the server does not know it
	err   error       // a failure other than 404
}

// lookup resolves one id or name, remembering answers within the call.
func (oc *onlineCheck) lookup(ctx context.Context, version string, k oasf.Kind, q oasfapi.Query) (*oasf.Class, error) {
	key := lookupKey{version: version, kind: k, name: q.Name}
	if q.ID != nil {
		key.id, key.name = int64(*q.ID), ""
	}
	if res, ok := oc.lookups[key]; ok {
		return res.class, res.err
	}
	c, err := oc.client.Class(ctx, version, k, q)
	if errors.Is(err, oasfapi.ErrNotFound) {
		c, err = nil, nil
		// The server takes a short name or a full path: a wrong path to a
		// known class is 404. Asking for the short name finds the class,
		// so that the rules can say "right class, wrong path" as offline.
		if i := strings.LastIndex(q.Name, "/"); q.ID == nil && i >= 0 && i < len(q.Name)-1 {
			c, err = oc.lookup(ctx, version, k, oasfapi.ByName(q.Name[i+1:]))
		}
	}
	oc.lookups[key] = lookupResult{c, err}
	return c, err
}

// categories returns the server's top-level categories of one version and
// kind (from GET /api/<v>/skill_categories or domain_categories), fetched
// once per call.
func (oc *onlineCheck) categories(ctx context.Context, version string, k oasf.Kind) ([]*oasf.Class, error) {
	key := treeKey{version, k}
	if cs, ok := oc.cats[key]; ok {
		return cs, nil
	}
	body, err := oc.client.Categories(ctx, version, k)
	if err != nil {
		return nil, err
	}
	var top map[string]struct {
		Name     string `json:"name"`
		ID       *int   `json:"id"`
		Caption  string `json:"caption"`
		Category bool   `json:"category"`
	}
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, fmt.Errorf("the %s categories of OASF %s from %s cannot be read: %s", k, version, oc.client.Host(), jsonwords.Explain(body, err))
	}
	var cs []*oasf.Class
	for _, n := range top {
		if n.ID != nil && n.Name != "" {
			cs = append(cs, &oasf.Class{ID: *n.ID, Name: n.Name, Caption: n.Caption, Category: n.Category})
		}
	}
	oc.cats[key] = cs
	return cs, nil
}

// checkReferences checks both reference lists of a payload against the
// server. A version the server does not serve is an error for which
// errors.Is(err, oasfapi.ErrVersionNotServed).
func (oc *onlineCheck) checkReferences(ctx context.Context, version string, p payloadAt) ([]serverFinding, error) {
	var out []serverFinding
	for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
		list := p.node.Get(k.String())
		if list == nil || list.Kind != model.Array {
			continue // the payload's shape is the offline check's business
		}
		tree, err := oc.serverView(ctx, version, k, list)
		if err != nil {
			return nil, err
		}
		base := p.ptr + "/" + k.String()
		for i, ref := range list.All() {
			for _, f := range CheckReference(tree, k, i, ref) {
				out = append(out, serverFinding{f.Type, f.Message, base + "/" + strconv.Itoa(i) + f.Pointer, Error})
			}
		}
		for _, f := range CheckDuplicates(tree, k, list) {
			out = append(out, serverFinding{f.Type, f.Message, base + f.Pointer, Error})
		}
	}
	return out, nil
}

// serverView builds the tree of what the server says the references of
// list denote: its top-level categories plus every class its lookups
// returned for an id or a name of the list.
func (oc *onlineCheck) serverView(ctx context.Context, version string, k oasf.Kind, list *model.Node) (*oasf.Tree, error) {
	cats, err := oc.categories(ctx, version, k)
	if err != nil {
		return nil, err
	}
	classes := map[int]*oasf.Class{}
	for _, c := range cats {
		classes[c.ID] = c
	}
	for _, ref := range list.All() {
		if ref.Kind != model.Object {
			continue
		}
		if id, ok := integerT(ref.Get("id")); ok && int64(int(id)) == id {
			c, err := oc.lookup(ctx, version, k, oasfapi.ByID(int(id)))
			if err != nil {
				return nil, err
			}
			if c != nil {
				classes[c.ID] = c
			}
		}
		if name, ok := ref.Get("name").Str(); ok && name != "" {
			c, err := oc.lookup(ctx, version, k, oasfapi.ByName(name))
			if err != nil {
				return nil, err
			}
			if c != nil {
				classes[c.ID] = c
			}
		}
	}
	return viewTree(version, k, oc.client.URL(), classes)
}

// viewTree turns a set of classes into an oasf.Tree by way of
// ParseCategories: each class becomes a top-level node of a categories
// body (names stay full names; the nesting is not needed for lookups).
func viewTree(version string, k oasf.Kind, source string, classes map[int]*oasf.Class) (*oasf.Tree, error) {
	type node struct {
		Name     string `json:"name"`
		ID       int    `json:"id"`
		Caption  string `json:"caption"`
		Category bool   `json:"category,omitempty"`
	}
	body := map[string]node{}
	for id, c := range classes {
		body[strconv.Itoa(id)] = node{c.Name, c.ID, c.Caption, c.Category}
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	skills, domains := data, data
	tax, err := oasf.ParseCategories(version, source, skills, domains)
	if err != nil {
		return nil, fmt.Errorf("the classes the schema server at %s returned for OASF %s do not form a taxonomy: %w", source, version, err)
	}
	return tax.Tree(k), nil
}
