/**
 * Money as the school writes it: its currencies with the digits of their minor unit, and amounts in minor units
 * written in the school's number format. Apart from the budgets' and the school's schemas, so that a page showing
 * a price loads no zod.
 */
import { DEFAULT_NUMBER_FORMAT, formatNumber, type NumberFormat } from "./number-input.ts";

/**
 * The currencies a school may keep its budgets in, with the digits of their minor unit: budgets
 * store integer minor units, so 12.50 EUR is 1250 and 1250 JPY is 1250.
 */
export const CURRENCIES = {
  EUR: { name: "Euro", minorDigits: 2 },
  USD: { name: "US dollar", minorDigits: 2 },
  GBP: { name: "Pound sterling", minorDigits: 2 },
  CHF: { name: "Swiss franc", minorDigits: 2 },
  SEK: { name: "Swedish krona", minorDigits: 2 },
  NOK: { name: "Norwegian krone", minorDigits: 2 },
  DKK: { name: "Danish krone", minorDigits: 2 },
  ISK: { name: "Icelandic króna", minorDigits: 0 },
  PLN: { name: "Polish złoty", minorDigits: 2 },
  CZK: { name: "Czech koruna", minorDigits: 2 },
  HUF: { name: "Hungarian forint", minorDigits: 2 },
  RON: { name: "Romanian leu", minorDigits: 2 },
  BGN: { name: "Bulgarian lev", minorDigits: 2 },
  TRY: { name: "Turkish lira", minorDigits: 2 },
  UAH: { name: "Ukrainian hryvnia", minorDigits: 2 },
  ILS: { name: "Israeli new shekel", minorDigits: 2 },
  CAD: { name: "Canadian dollar", minorDigits: 2 },
  MXN: { name: "Mexican peso", minorDigits: 2 },
  BRL: { name: "Brazilian real", minorDigits: 2 },
  ARS: { name: "Argentine peso", minorDigits: 2 },
  CLP: { name: "Chilean peso", minorDigits: 0 },
  COP: { name: "Colombian peso", minorDigits: 2 },
  AUD: { name: "Australian dollar", minorDigits: 2 },
  NZD: { name: "New Zealand dollar", minorDigits: 2 },
  JPY: { name: "Japanese yen", minorDigits: 0 },
  KRW: { name: "South Korean won", minorDigits: 0 },
  CNY: { name: "Chinese yuan", minorDigits: 2 },
  HKD: { name: "Hong Kong dollar", minorDigits: 2 },
  TWD: { name: "New Taiwan dollar", minorDigits: 2 },
  SGD: { name: "Singapore dollar", minorDigits: 2 },
  INR: { name: "Indian rupee", minorDigits: 2 },
  THB: { name: "Thai baht", minorDigits: 2 },
  IDR: { name: "Indonesian rupiah", minorDigits: 2 },
  PHP: { name: "Philippine peso", minorDigits: 2 },
  ZAR: { name: "South African rand", minorDigits: 2 },
  NGN: { name: "Nigerian naira", minorDigits: 2 },
  KES: { name: "Kenyan shilling", minorDigits: 2 },
  EGP: { name: "Egyptian pound", minorDigits: 2 },
  AED: { name: "UAE dirham", minorDigits: 2 },
} as const satisfies Record<string, { name: string; minorDigits: number }>;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

/** Digits after the decimal point in `currency`; 2 for a code not in the list, the common case. */
export const currencyMinorDigits = (currency: string): number =>
  (CURRENCIES as Record<string, { minorDigits: number }>)[currency]?.minorDigits ?? 2;

/** "1250" in EUR → "12.50", grouped in thousands, in the school's number format. */
export const formatMinor = (minor: number, currency: string, format: NumberFormat = DEFAULT_NUMBER_FORMAT): string =>
  formatNumber(minor, currencyMinorDigits(currency), format, { group: true });

export const formatMoney = (minor: number, currency: string, format?: NumberFormat) =>
  `${formatMinor(minor, currency, format)} ${currency}`;
