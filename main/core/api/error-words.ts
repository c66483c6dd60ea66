// What a socket or TLS error code means, in words an engineer reads at a glance ("connection
// refused: nothing listens there") before the exact code and message, which stay beside them:
// "network error reaching am1:9093: ECONNREFUSED" asked the reader to decode it at 3 a.m.
const WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing listens at that address',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed (DNS)',
  EHOSTUNREACH: 'no route to the host (network or VPN down?)',
  ENETUNREACH: 'no route to the host (network or VPN down?)',
  EHOSTDOWN: 'the host is down',
  ENETDOWN: 'the network is down',
  ECONNRESET: 'the connection was dropped',
  EPIPE: 'the connection was dropped',
  UND_ERR_SOCKET: 'the connection was dropped',
  UND_ERR_CLOSED: 'the connection was closed',
  ETIMEDOUT: 'no answer to the connection (host down or a firewall?)',
  UND_ERR_CONNECT_TIMEOUT: 'no answer to the connection (host down or a firewall?)',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet (check the clocks)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed (add it as a trusted CA)',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain is self-signed (add the CA)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate issuer is not trusted (add the CA)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate issuer is not trusted (add the CA)',
  HOSTNAME_MISMATCH: 'its certificate is for another host name',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
};

/** Plain words for the first code that has them, else undefined. */
export function errorWords(codes: readonly string[]): string | undefined {
  for (const c of codes) {
    const w = Object.hasOwn(WORDS, c) ? WORDS[c] : undefined;
    if (w) return w;
  }
  return undefined;
}
