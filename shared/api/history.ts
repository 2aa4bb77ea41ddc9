/**
 * The History calls and their rows: credit purchases, content purchases, donations.
 */
import * as z from 'zod/mini';
import { get } from './contract';
import { lazy } from './lazy';

export const Page = lazy(() =>
  z.object({ per_page: z.number().check(z.int(), z.positive()), page: z.number().check(z.int(), z.positive()) }),
);
export const TABLE_PAGE_SIZE = 20;

const paged = <T extends z.ZodMiniType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().check(z.nonnegative()) });
const query = (req: { per_page: number; page: number }) => ({ per_page: String(req.per_page), page: String(req.page) });

export const CreditRow = lazy(() =>
  z.object({
    trx_ref: z.string(),
    created_at: z.string(),
    purchase_channel: z.string(),
    amount_credit: z.number(),
    final_currency: z.string(),
    final_amount: z.number(),
    redemption_code: z.optional(z.nullable(z.string())),
  }),
);
export type CreditRow = z.infer<typeof CreditRow>;

export const ContentRow = lazy(() =>
  z.object({
    uid: z.union([z.string(), z.number()]),
    created_at: z.string(),
    product_name: z.string(),
    artist_name: z.string(),
    item_id: z.union([z.string(), z.number()]),
    type: z.number(),
    songs: z.array(z.object({ id: z.union([z.string(), z.number()]), title: z.string() })),
  }),
);
export type ContentRow = z.infer<typeof ContentRow>;

export const DonationRow = lazy(() =>
  z.object({
    stripe_charge_id: z.nullable(z.string()),
    created_at: z.string(),
    donation: z.array(z.object({ organization: z.string() })),
    final_currency: z.string(),
    final_price: z.number(),
    net_revenue: z.number(),
    billing_fee: z.number(),
    fee: z.number(),
  }),
);
export type DonationRow = z.infer<typeof DonationRow>;

const base = '/webclient/account';
export const transactionHistory = lazy(() =>
  get(`${base}/transaction-history`, paged(CreditRow), { request: Page, query }),
);
export const contentPurchases = lazy(() =>
  get(`${base}/content-purchase`, paged(ContentRow), { request: Page, query }),
);
export const donationHistory = lazy(() =>
  get(`${base}/donation-history`, paged(DonationRow), { request: Page, query }),
);
