// The part of @msimerson/stun (CommonJS, ships no types) the TURN health check uses.
declare module '@msimerson/stun' {
  type AttributeValue = Buffer | number | string | { code: number; reason: string };

  class StunMessage {
    get type(): number;
    get transactionId(): Buffer;
    getAttribute(type: number): { type: number; value: unknown } | undefined;
  }

  class StunRequest extends StunMessage {
    addAttribute(type: number, value: AttributeValue): unknown;
    addUsername(username: string): unknown;
    addRealm(realm: string): unknown;
    addNonce(nonce: string): unknown;
    /** HMAC-SHA1 over the message so far; for long-term credentials the key is MD5(user:realm:pass). */
    addMessageIntegrity(key: string | Buffer): boolean;
    toBuffer(): Buffer;
  }

  class StunResponse extends StunMessage {
    getError(): { code: number; reason: string } | undefined;
    getRealm(): string | undefined;
    getNonce(): string | undefined;
  }

  const stun: {
    createMessage(type: number, transaction?: Buffer): StunRequest;
    decode(message: Buffer): StunResponse;
    constants: Record<string, number>;
  };
  export default stun;
  export type { StunRequest, StunResponse };
}
