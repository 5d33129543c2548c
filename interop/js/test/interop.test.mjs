// oncard's cards through the A2A JS SDK (@a2a-js/sdk), as test oracles:
// every document of the interop set (../docs.go: templates, new --from
// fixtures, upgraded real cards, oncard-signed cards) is read and
// round-tripped by the SDK; oncard's signatures are verified by the SDK
// (and by jose + canonicalize over the card as written) exactly where
// oncard predicts they are; cards signed by the SDK and by jose +
// canonicalize are verified by oncard. Known SDK defects are expected
// failures, each with its cause, counted and printed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync } from 'node:crypto';

import * as jose from 'jose';
import canonicalize from 'canonicalize';
import { AgentCard, generateAgentCardSignature, verifyAgentCardSignature } from '@a2a-js/sdk';

const interopDir = fileURLToPath(new URL('../..', import.meta.url));
let dir, manifest, oncard;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'oncard-interop-js-'));
  // The same set the Go layer reads, made by the oncard binary of this
  // checkout (built by the command).
  execFileSync('go', ['run', './cmd/docs', dir], { cwd: interopDir, stdio: ['ignore', 'inherit', 'inherit'] });
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  oncard = join(dir, 'oncard');
});

after(() => rmSync(dir, { recursive: true, force: true }));

const load = (d) => JSON.parse(readFileSync(join(dir, d.file), 'utf8'));

// Tally of one reader over the set, printed at the end of its test.
class Tally {
  constructor(reader) { Object.assign(this, { reader, docs: 0, accepted: 0, expected: 0, causes: {} }); }
  ok() { this.docs++; this.accepted++; }
  expectedFailure(cause) { this.docs++; this.expected++; this.causes[cause] = (this.causes[cause] ?? 0) + 1; }
  print(t) {
    t.diagnostic(`${this.reader}: ${this.docs} documents: ${this.accepted} accepted, ${this.expected} expected failures`);
    for (const [cause, n] of Object.entries(this.causes)) t.diagnostic(`  ${n} × ${cause}`);
  }
}

// What a card says, in a form two readings can be compared by.
function facts(card) {
  const reqs = (list) => (list ?? []).map((r) =>
    Object.entries(r.schemes ?? {}).map(([k, v]) => `${k}=${(v?.list ?? []).join(',')}`).sort().join(' '));
  return {
    name: card.name,
    version: card.version,
    interfaces: (card.supportedInterfaces ?? []).map((i) => `${i.url} ${i.protocolBinding} ${i.protocolVersion}`),
    skills: (card.skills ?? []).map((s) => [s.id, reqs(s.securityRequirements)]),
    extensions: (card.capabilities?.extensions ?? []).map((e) => e.uri),
    requirements: reqs(card.securityRequirements),
  };
}

test('the JS SDK reads and round-trips every valid document', (t) => {
  const tally = new Tally('@a2a-js/sdk AgentCard.fromJSON/toJSON');
  for (const d of manifest.docs.filter((d) => d.valid)) {
    const card = load(d);
    const again = AgentCard.toJSON(AgentCard.fromJSON(card));
    assert.deepEqual(facts(again), facts(card), `${d.name}: the JS SDK's round trip changes what the card says`);
    tally.ok();
  }
  tally.print(t);
});

// The SDK's verifier logs every signature it tries on console.debug.
console.debug = () => {};

// The index of the signature with kid in a card.
const indexOfKid = (card, kid) => card.signatures.findIndex((s) => jose.decodeProtectedHeader(s).kid === kid);

// oncard's own verdict, under each reading, on the signature with kid.
function oncardReadings(file, jwks, kid) {
  const card = JSON.parse(readFileSync(file, 'utf8'));
  const at = `/signatures/${indexOfKid(card, kid)}`;
  const r = spawnSync(oncard, ['validate', '--format', 'json', '--jwks', jwks, file], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const out = JSON.parse(r.stdout);
  const sig = out.files[0].diagnostics.filter((x) => x.code.startsWith('signature/') && (x.pointer === at || x.pointer.startsWith(at + '/')));
  if (sig.length === 0) return { literal: 'valid', 'a2a-8.4.1': 'valid', 'a2a-js': 'valid' };
  assert.equal(sig.length, 1, `${file}: ${JSON.stringify(sig)}`);
  return { ...sig[0].readings, code: sig[0].code, message: sig[0].message };
}

const withoutSignatures = (card) => { const c = { ...card }; delete c.signatures; return c; };

// jose + canonicalize: a plain JWS + RFC 8785 verifier of the card as written.
async function literalVerify(card, key, kid) {
  const s = card.signatures[indexOfKid(card, kid)];
  const payload = jose.base64url.encode(new TextEncoder().encode(canonicalize(withoutSignatures(card))));
  await jose.flattenedVerify({ payload, protected: s.protected, signature: s.signature, header: s.header }, key);
}

test('oncard-signed cards verify in the JS SDK and in jose + canonicalize exactly where oncard says', async (t) => {
  const jwks = JSON.parse(readFileSync(join(dir, manifest.jwks), 'utf8'));
  const key = await jose.importJWK(jwks.keys[0], 'EdDSA');
  const sdk = new Tally('@a2a-js/sdk verifyAgentCardSignature on oncard-signed cards');
  const lit = new Tally('jose + canonicalize (the card as written) on oncard-signed cards');
  for (const d of manifest.docs.filter((d) => d.kind === 'signed')) {
    const card = load(d);
    const predicted = oncardReadings(join(dir, d.file), join(dir, manifest.jwks), 'oncard-1');
    let sdkOK = true;
    try { await verifyAgentCardSignature(async () => key)(card); } catch { sdkOK = false; }
    assert.equal(sdkOK, predicted['a2a-js'] === 'valid',
      `${d.name}: the JS SDK ${sdkOK ? 'accepts' : 'rejects'} it, oncard predicted ${predicted['a2a-js']} (${predicted.message ?? ''})`);
    if (sdkOK) sdk.ok(); else sdk.expectedFailure('the JS SDK leaves out of its payload what the specification keeps (a REQUIRED but empty member, a requirement without scopes, a member it does not know); oncard warns signature/some-readers-reject');
    let litOK = true;
    try { await literalVerify(card, key, 'oncard-1'); } catch { litOK = false; }
    assert.equal(litOK, predicted.literal === 'valid', `${d.name}: jose + canonicalize ${litOK ? 'accepts' : 'rejects'} it, oncard predicted ${predicted.literal}`);
    if (litOK) lit.ok(); else lit.expectedFailure('the card keeps members §8.4.1 drops');
  }
  sdk.print(t);
  lit.print(t);
  assert.ok(sdk.docs > 0, 'no signed documents');
});

test('oncard verifies cards signed by the JS SDK and by jose + canonicalize', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'js-1', alg: 'ES256', use: 'sig' };
  const jwksFile = join(dir, 'js-jwks.json');
  writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
  const sdkSigner = generateAgentCardSignature(privateKey, { alg: 'ES256', kid: 'js-1', typ: 'JOSE' });
  const sdk = new Tally('oncard on cards the JS SDK signed');
  const lit = new Tally('oncard on cards jose + canonicalize signed');
  for (const d of manifest.docs.filter((d) => d.valid && d.kind !== 'signed')) {
    const card = load(d);
    const signed = await sdkSigner(withoutSignatures(card));
    const f = join(dir, 'work', 'js-' + d.name.replaceAll('/', '__') + '.json');
    writeFileSync(f, JSON.stringify(signed, null, 2));
    const got = oncardReadings(f, jwksFile, 'js-1');
    assert.equal(got['a2a-js'], 'valid', `${d.name}: oncard does not verify the JS SDK's signature under its a2a-js reading: ${got.message}`);
    assert.notEqual(got.code, 'signature/payload-mismatch', d.name);
    sdk.ok();

    const payload = new TextEncoder().encode(canonicalize(withoutSignatures(card)));
    const jws = await new jose.FlattenedSign(payload).setProtectedHeader({ alg: 'ES256', kid: 'js-1', typ: 'JOSE' }).sign(privateKey);
    const litCard = { ...withoutSignatures(card), signatures: [{ protected: jws.protected, signature: jws.signature }] };
    const g = join(dir, 'work', 'jose-' + d.name.replaceAll('/', '__') + '.json');
    writeFileSync(g, JSON.stringify(litCard, null, 2));
    const lg = oncardReadings(g, jwksFile, 'js-1');
    assert.equal(lg.literal, 'valid', `${d.name}: oncard does not verify jose + canonicalize's signature over the card as written: ${lg.message}`);
    lit.ok();
  }
  sdk.print(t);
  lit.print(t);
});
