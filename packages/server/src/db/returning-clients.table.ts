/**
 * Row type of `returning_clients` (listed in schema.ts's Database): a visitor who asked to be
 * remembered (docs/product.md#returning-clients), a keyed hash of her phone, never the number, and
 * her last completed consultation.
 */
export type ReturningClientsTable = {
  /** HMAC-SHA256 (hex) of the phone's digits under the deployment's client secret */
  phone_hash: string;
  /** SHA-256 of the return token of the browser that made her last completed call */
  token_hash: string | null;
  /** SHA-256 of the token handed to the current request's browser (token_hash once it completes) */
  pending_token_hash: string | null;
  /** her latest consenting request: its completion moves the link */
  current_call_id: string | null;
  /** 1 when that request carried the browser's return token matching `token_hash` */
  current_confirmed: number;
  last_call_id: string | null;
  /** the stylist of `last_call_id` */
  advisor_id: string | null;
  /** when her last completed consultation ended */
  last_visit_at: string | null;
  consented_at: string;
  updated_at: string;
};
