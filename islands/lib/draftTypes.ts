// TEMPORARY until the drafts branch is merged: the JSON of provider's draft types.
export type FieldOption = { value: string; label: string };
export type DraftField = {
  name: string; label: string; value: string; errors: string[]; access_type: string; ui_field: string;
  rules: { external_code?: string }; step: string; options?: FieldOption[]; disabled?: boolean;
};
export type DraftSection = { name: string; label: string; saved: boolean; fields: DraftField[] };
export type Corridor = { currency_iso: string; country_iso: string; name: string };
export type PayoutDraft = {
  draft_id: string; status: string; product_id: string; schema_id: string; schema_label: string; local_instrument: string;
  corridor: Corridor; debtor_account: string; amount: string; currency_code: string; end_to_end_id: string;
  vela_unique_reference: string; sections: DraftSection[];
};
export type ProductSchema = { id: string; label: string; product_id: string };
export type PayoutProductOption = { id: string; name: string; local_instrument: string; corridor: Corridor; product_schemas: ProductSchema[] };
export type LocalInstrumentFamily = { id: string; name: string; products: PayoutProductOption[] };
export type Country = { iso: string; name: string; id: number };
export type ExternalCode = { code: string; name: string };
export type DraftLine = { label: string; value: string };
export type DraftSummarySection = { name: string; label: string; lines: DraftLine[] };
export type DraftProblem = { section: string; field: string; label: string; message: string };
export type DraftSummary = {
  draft_id: string; amount: string; currency_code: string; end_to_end_id: string; product_name: string; schema_label: string;
  sections: DraftSummarySection[]; preconditions: DraftProblem[]; approval_needed: boolean;
};
export type DraftPublished = { draft_id: string; state: string; amount: string; currency_code: string; end_to_end_id: string; vela_unique_reference: string };
