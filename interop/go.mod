module github.com/oncard/oncard/interop

go 1.26.7

require (
	github.com/a2aproject/a2a-go/v2 v2.4.0
	github.com/oncard/oncard v0.0.0-00010101000000-000000000000
	github.com/rogpeppe/go-internal v1.16.0
	google.golang.org/protobuf v1.36.11
)

require (
	github.com/go-jose/go-jose/v4 v4.1.9 // indirect
	github.com/gofrs/flock v0.13.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/gowebpki/jcs v1.0.2 // indirect
	golang.org/x/net v0.55.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.37.0 // indirect
	golang.org/x/tools v0.44.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20260427160629-7cedc36a6bc4 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260427160629-7cedc36a6bc4 // indirect
	google.golang.org/grpc v1.82.1 // indirect
)

replace github.com/oncard/oncard => ../
