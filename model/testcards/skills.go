package testcards

import "fmt"

// topics give the generated skills varied, realistic text. None of it
// contains a phone number or a personEntry address.
var topics = []struct {
	slug, name, desc string
	tags             []string
	example          string
	action           bool // changes something in the bank's systems
}{
	{"card-freeze", "Freeze a card", "Temporarily blocks a debit or credit card that was lost or stolen, and explains how to unblock it.", []string{"cards", "security"}, "I lost my card at the station, can you block it?", true},
	{"balance-explain", "Explain a balance", "Explains why the available balance differs from the ledger balance, with pending items listed.", []string{"accounts", "balances"}, "Why is my available balance lower than yesterday?", false},
	{"dispute-charge", "Dispute a charge", "Opens a dispute for a card payment the customer does not recognise, and tracks it to resolution.", []string{"cards", "disputes"}, "There is a payment I never made, what do I do?", true},
	{"branch-hours", "Branch opening hours", "Tells when a branch is open, including public holidays and late openings.", []string{"branches", "hours"}, "Is the Main Street branch open on Saturday?", false},
	{"loan-quote", "Personal loan quote", "Gives an indicative quote for a personal loan from the amount and the term, with the representative rate.", []string{"loans", "quotes"}, "How much would a loan of eight thousand over four years cost?", false},
	{"address-change", "Change of address", "Updates the postal address on all accounts after checking the customer's identity.", []string{"accounts", "profile"}, "I moved last month, please update my address.", true},
	{"fx-rates", "Foreign exchange rates", "Shows today's buy and sell rates for cash and transfers in the main currencies.", []string{"fx", "rates"}, "What rate do you give for euros today?", false},
	{"mortgage-overpay", "Mortgage overpayment", "Explains overpayment allowances and schedules a one-off overpayment.", []string{"mortgages", "payments"}, "Can I pay an extra two thousand off my mortgage?", true},
	{"statement-copy", "Copy of a statement", "Sends a copy of a past statement to the secure inbox.", []string{"accounts", "documents"}, "I need my March statement for my landlord.", false},
	{"travel-notice", "Travel notice", "Records upcoming travel so that card payments abroad are not declined.", []string{"cards", "travel"}, "I am going to Portugal next week.", true},
}

func makeSkill(i int) skill {
	t := topics[i%len(topics)]
	round := i / len(topics)
	s := skill{
		ID:          skillID(i),
		Name:        t.name,
		Description: t.desc,
		Tags:        append([]string(nil), t.tags...),
		Examples:    []string{t.example},
	}
	if round > 0 {
		s.Name = fmt.Sprintf("%s (%s)", t.name, region(round))
		s.Description = fmt.Sprintf("%s For customers of the %s region.", t.desc, region(round))
		s.Tags = append(s.Tags, "region-"+region(round))
	}
	if i%4 == 0 {
		s.OutputModes = []string{"text/plain", "text/html"}
	}
	return s
}

// makeEntry lists skill i in the On Request params: most have an https
// personEntry, every fifth a tel: number; actions (https only) say how they
// complete; some skills are opted in for assistant access.
func makeEntry(i int) skillEntry {
	t := topics[i%len(topics)]
	e := skillEntry{ID: skillID(i)}
	if i%5 == 4 {
		e.PersonEntry = fmt.Sprintf("tel:+1-555-01%02d", i%100)
	} else {
		e.PersonEntry = "https://northwind-bank.example/help/" + t.slug
		if t.action {
			if i%2 == 0 {
				e.Completion = "deferred"
			} else {
				e.Completion = "in-conversation"
			}
		}
	}
	if i%3 == 1 {
		e.AssistantAccess = boolPtr(true)
	}
	return e
}

func skillID(i int) string {
	t := topics[i%len(topics)]
	round := i / len(topics)
	if round == 0 {
		return t.slug
	}
	return fmt.Sprintf("%s-%s", t.slug, region(round))
}

var regions = []string{"north", "south", "east", "west", "central", "coastal", "highland", "metro", "rural", "island"}

// region names round r (1, 2, ...) with words, one per decimal digit of
// r-1, so that skill text carries no digits that could resemble a phone
// number.
func region(r int) string {
	name := regions[(r-1)%len(regions)]
	for k := (r - 1) / len(regions); k > 0; k /= len(regions) {
		name = regions[k%len(regions)] + "-" + name
	}
	return name
}
