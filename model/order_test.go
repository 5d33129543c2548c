package model

import (
	"reflect"
	"testing"
)

func TestCardMemberOrder(t *testing.T) {
	d := loadView(t, "card-v10.json")
	order := CardMemberOrder(d)
	for ptr, want := range map[string][]string{
		"":                                  agentCardOrder,
		"/provider":                         agentProviderOrder,
		"/capabilities":                     agentCapabilitiesOrder,
		"/supportedInterfaces/1":            agentInterfaceOrder,
		"/skills/0":                         agentSkillOrder,
		"/signatures/0":                     agentSignatureOrder,
		"/capabilities/extensions/0":        agentExtensionOrder,
		"/capabilities/extensions/0/params": onRequestParamsOrder,
		"/capabilities/extensions/0/params/skills/1":     onRequestEntryOrder,
		"/capabilities/extensions/1/params":              discoveryOrder,
		"/capabilities/extensions/1/params/skills/0":     discoveryRefOrder,
		"/securitySchemes/bearer/httpAuthSecurityScheme": {"description", "scheme", "bearerFormat"},
		"/skills/x":                             nil,
		"/capabilities/extensions/9/params":     nil,
		"/x-vendor":                             nil,
		"bad pointer":                           nil,
		"/capabilities/extensions/0/params/foo": nil,
	} {
		if got := order(ptr); !reflect.DeepEqual(got, want) {
			t.Errorf("order(%q) = %v, want %v", ptr, got, want)
		}
	}
	// The AgentCard order is the proto field order of A2A v1.0 for the v1.0
	// members (the v0.3 ones sit next to their counterparts).
	v10 := []string{"name", "description", "supportedInterfaces", "provider", "version", "documentationUrl",
		"capabilities", "securitySchemes", "securityRequirements", "defaultInputModes", "defaultOutputModes",
		"skills", "signatures", "iconUrl"}
	var got []string
	for _, k := range agentCardOrder {
		for _, w := range v10 {
			if k == w {
				got = append(got, k)
			}
		}
	}
	if !reflect.DeepEqual(got, v10) {
		t.Errorf("AgentCard v1.0 order = %v", got)
	}
}

func TestCatalogMemberOrder(t *testing.T) {
	for ptr, want := range map[string][]string{
		"":                     catalogOrder,
		"/host":                hostOrder,
		"/entries/0":           entryOrder,
		"/entries/3/publisher": publisherOrder,
		"/entries/0/extensions/org.agntcy.oasf.discovery.v1":          discoveryOrder,
		"/entries/0/extensions/org.agntcy.oasf.discovery.v1/skills/2": discoveryRefOrder,
		"/entries/0/extensions/com.example":                           nil,
		"/entries":                                                    nil,
	} {
		if got := CatalogMemberOrder(ptr); !reflect.DeepEqual(got, want) {
			t.Errorf("CatalogMemberOrder(%q) = %v, want %v", ptr, got, want)
		}
	}
	// The seed example's order is a subsequence of the entry order.
	seed := []string{"identifier", "type", "version", "url", "extensions"}
	j := 0
	for _, k := range entryOrder {
		if j < len(seed) && k == seed[j] {
			j++
		}
	}
	if j != len(seed) {
		t.Errorf("entryOrder %v does not follow the seed order %v", entryOrder, seed)
	}
	if !reflect.DeepEqual(OnRequestParamsMemberOrder("/skills/0"), onRequestEntryOrder) ||
		!reflect.DeepEqual(DiscoveryMemberOrder("/domains/0"), discoveryRefOrder) ||
		!reflect.DeepEqual(ReplyMemberOrder(""), onRequestReplyOrder) || ReplyMemberOrder("/x") != nil {
		t.Error("standalone orders")
	}
}
