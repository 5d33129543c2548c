package testcards

// The sectors the variant cards (LargeVariant, SmallVariant) are drawn
// from: fictional organisations, what their assistant is called and the
// topics of its skills. As in skills.go, no text carries a digit, an
// address or a phone number, so that no personEntry can appear in a
// skill's text (the On Request rule), and no word claims a brand,
// a certification or a preference (the security review's rules).

type topic struct {
	slug, name, desc string
	tags             []string
	examples         []string
	action           bool // changes something in the operator's systems
}

type sector struct {
	key      string   // host and id word: "bank", "insurance", ...
	orgNoun  string   // "Bank", "Insurance", ...
	agents   []string // what the assistant is called
	blurb    string   // the card's description, after the organisation's name
	teams    []string // personEntry path prefixes
	extraTag []string // tags a skill may carry besides its topic's
	topics   []topic
}

// orgNames are the fictional names organisations take (the ones software
// documentation uses), each joined with a sector's noun.
var orgNames = []string{
	"Northwind", "Contoso", "Fabrikam", "Tailspin", "Woodgrove", "Litware",
	"Proseware", "Wingtip", "Lucerne", "Coho", "Fourth Coffee", "Trey",
	"Humongous", "Alpine", "Blue Yonder", "Relecloud", "VanArsdel",
	"Wide World", "Southridge", "Bellows", "Adatum", "Margie's", "Lamna",
	"Datum", "Consolidated Messenger", "Graphic Harbor", "Munson's",
	"Nod Publishers", "Olympia",
}

// regionWords name the rounds of skills (see variant.go): words, never
// digits, so that skill text carries no number.
var regionWords = []string{
	"north", "south", "east", "west", "central", "coastal", "highland",
	"metro", "rural", "island", "valley", "lakeside", "harbour", "upland",
	"riverside", "borders", "midlands", "capital", "frontier", "plains",
	"forest", "delta", "summit", "bay",
}

// regionSentences end a regional skill's description.
var regionSentences = []string{
	"For customers of the %s region.",
	"Served by the %s office.",
	"In the %s area.",
	"For the %s district.",
}

var sectors = []sector{
	{
		key: "bank", orgNoun: "Bank",
		agents: []string{"Assistant", "Banking Assistant", "Help Desk", "Service Agent"},
		blurb:  "answers questions about accounts, cards, loans and branches, and refers what needs a person to the right team.",
		teams:  []string{"help", "support", "contact", "ask", "service/requests"},
		extraTag: []string{
			"retail-banking", "self-service", "customer-care", "everyday-banking",
		},
		topics: bankTopics(),
	},
	{
		key: "insurance", orgNoun: "Insurance",
		agents: []string{"Claims Assistant", "Policy Desk", "Assistant", "Cover Helper"},
		blurb:  "explains policies and cover, starts and tracks claims, and passes what needs an adjuster to a person.",
		teams:  []string{"claims", "help", "policy", "contact", "care/requests"},
		extraTag: []string{
			"insurance", "claims-desk", "policyholders", "cover",
		},
		topics: []topic{
			{"claim-start", "Start a claim", "Opens a claim for damage or loss and lists the documents the adjuster will ask for.", []string{"claims", "intake"}, []string{"A tree fell on my car last night.", "How do I claim for a broken window?"}, true},
			{"claim-status", "Claim status", "Says where a claim stands, what is still missing and when a decision is due.", []string{"claims", "status"}, []string{"Has my claim been approved yet?", "What is holding up my claim?"}, false},
			{"cover-explain", "Explain my cover", "Explains what a policy covers and excludes, in plain words, with the excess that applies.", []string{"policies", "cover"}, []string{"Am I covered if my bike is stolen at work?", "What does my excess mean?"}, false},
			{"policy-renew", "Renew a policy", "Renews a policy for another year and confirms the new premium before it is taken.", []string{"policies", "renewals"}, []string{"Please renew my home insurance.", "Can I renew early?"}, true},
			{"driver-add", "Add a driver", "Adds a named driver to a motor policy after checking their licence and history.", []string{"motor", "drivers"}, []string{"My daughter passed her test, can she drive my car?", "Add my partner to the policy."}, true},
			{"quote-home", "Home insurance quote", "Gives an indicative quote for buildings and contents cover from a few questions.", []string{"quotes", "home"}, []string{"How much to insure a two bedroom flat?", "Quote me for contents only."}, false},
			{"travel-cover", "Travel cover", "Explains travel cover for a trip, including medical costs and cancellations.", []string{"travel", "cover"}, []string{"Does my policy cover skiing?", "Am I covered if my flight is cancelled?"}, false},
			{"payment-change", "Change payment date", "Moves the monthly premium to another day of the month.", []string{"payments", "premiums"}, []string{"Can I pay later in the month?", "Move my payment to the end of the month."}, true},
			{"document-copy", "Copy of policy documents", "Sends the policy schedule and certificate to the secure inbox.", []string{"documents", "policies"}, []string{"I need my certificate for the garage.", "Send me my schedule again."}, false},
			{"complaint", "Make a complaint", "Records a complaint about a claim or the service and says how it will be handled.", []string{"complaints", "service"}, []string{"I am unhappy with how my claim was handled.", "Who do I complain to?"}, true},
		},
	},
	{
		key: "telecom", orgNoun: "Telecom",
		agents: []string{"Support Agent", "Assistant", "Service Desk", "Help Line"},
		blurb:  "helps with plans, bills, devices and outages, and books an engineer when something needs a visit.",
		teams:  []string{"support", "help", "care", "contact", "service/tickets"},
		extraTag: []string{
			"mobile", "broadband", "customer-care", "self-service",
		},
		topics: []topic{
			{"outage-check", "Check for an outage", "Tells whether there is a known outage in an area and when service should return.", []string{"network", "outages"}, []string{"Is the internet down on my street?", "Why do I have no signal today?"}, false},
			{"plan-change", "Change plan", "Moves a line to another plan, explaining the price and when the change applies.", []string{"plans", "billing"}, []string{"I want more data each month.", "Can I switch to a cheaper plan?"}, true},
			{"bill-explain", "Explain a bill", "Explains the items on a bill, including roaming, extras and one-off charges.", []string{"billing", "charges"}, []string{"Why is my bill higher this month?", "What is this extra charge?"}, false},
			{"engineer-visit", "Book an engineer", "Books an engineer visit for a fault that cannot be fixed remotely.", []string{"repairs", "visits"}, []string{"My router keeps dropping, can someone come?", "Book a visit for my line."}, true},
			{"sim-replace", "Replace a SIM", "Orders a replacement SIM for a lost, stolen or damaged one and blocks the old one.", []string{"sim", "security"}, []string{"My phone was stolen.", "My SIM stopped working."}, true},
			{"roaming-info", "Roaming abroad", "Explains what calls, texts and data cost abroad and how to turn roaming on or off.", []string{"roaming", "travel"}, []string{"Will my phone work in Canada?", "How much is data abroad?"}, false},
			{"number-port", "Keep my number", "Explains how to bring a number from another provider and how long it takes.", []string{"porting", "numbers"}, []string{"Can I keep my number if I join you?", "How long does a transfer take?"}, false},
			{"router-setup", "Set up a router", "Walks through setting up a router and connecting the first devices.", []string{"broadband", "setup"}, []string{"My new router arrived, what now?", "How do I change the wifi name?"}, false},
			{"contract-end", "End a contract", "Explains notice periods and early exit fees, and records a request to leave.", []string{"contracts", "cancellations"}, []string{"I am moving abroad and need to cancel.", "When does my contract end?"}, true},
			{"speed-test", "Slow broadband", "Checks the line speed against the plan and suggests fixes for slow broadband.", []string{"broadband", "speed"}, []string{"My internet is really slow in the evening.", "Am I getting the speed I pay for?"}, false},
		},
	},
	{
		key: "clinic", orgNoun: "Health",
		agents: []string{"Front Desk", "Patient Assistant", "Reception", "Assistant"},
		blurb:  "books and moves appointments, answers practical questions and passes anything clinical to the care team.",
		teams:  []string{"patients", "reception", "help", "contact", "care/requests"},
		extraTag: []string{
			"patients", "primary-care", "front-desk", "practice",
		},
		topics: []topic{
			{"appointment-book", "Book an appointment", "Finds a free slot with the right clinician and books it.", []string{"appointments", "booking"}, []string{"I need to see a doctor this week.", "Book me in for a check-up."}, true},
			{"appointment-move", "Move an appointment", "Moves an existing appointment to another free slot.", []string{"appointments", "scheduling"}, []string{"Can I come on Friday instead?", "I cannot make my appointment tomorrow."}, true},
			{"prescription-repeat", "Repeat prescription", "Requests a repeat prescription and says when it can be collected.", []string{"prescriptions", "pharmacy"}, []string{"I am running out of my inhaler.", "Can I order my usual tablets?"}, true},
			{"opening-hours", "Opening hours", "Tells when the practice is open, including holidays and late clinics.", []string{"hours", "practice"}, []string{"Are you open on bank holidays?", "Is there an evening clinic?"}, false},
			{"test-results", "Test results", "Explains how and when test results are shared, and who will call about them.", []string{"results", "tests"}, []string{"Are my blood test results back?", "Who tells me my results?"}, false},
			{"register-patient", "Register as a patient", "Explains who can register and starts the registration form.", []string{"registration", "patients"}, []string{"I just moved here, can I join?", "How do I register my baby?"}, true},
			{"vaccination-info", "Vaccinations", "Explains which vaccinations are offered and how to book one.", []string{"vaccinations", "prevention"}, []string{"Can I get a flu jab here?", "Which travel vaccines do you give?"}, false},
			{"sick-note", "Fit note", "Explains how to ask for a fit note and what the clinician needs to know.", []string{"documents", "work"}, []string{"I need a note for my employer.", "How do I get a fit note?"}, false},
			{"records-request", "Copy of records", "Explains how to ask for a copy of one's health records and how long it takes.", []string{"records", "privacy"}, []string{"Can I see my medical records?", "I want a copy of my notes."}, false},
			{"feedback", "Give feedback", "Records a compliment or a concern about a visit and says who will read it.", []string{"feedback", "service"}, []string{"The nurse was really helpful today.", "I want to raise a concern."}, true},
		},
	},
}

// bankTopics reuses the topics of skills.go, which Large draws on.
func bankTopics() []topic {
	out := make([]topic, len(topics))
	for i, t := range topics {
		out[i] = topic{t.slug, t.name, t.desc, t.tags, []string{t.example}, t.action}
	}
	return out
}
