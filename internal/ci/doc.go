// Package ci holds no code: its tests check the files that ship oncard to
// other machines, at the repository root, by running them. .goreleaser.yaml
// builds the binary whose --version they read; the GitHub Action
// (action.yml) and the pre-commit hook (.pre-commit-hooks.yaml) have their
// shell steps and entry run against that binary on fixture files, with the
// inputs set the way GitHub and pre-commit set them.
package ci
