/**
 * ISO 4217 currencies as the real server knows them (the list of its `mobitel-iso-4217-currencies`
 * dependency): a code is valid by its letters (any case) or its number, and amounts in it are
 * rounded to its minor units, at most one decimal (see `Transactions.pricing`).
 */

/** `<alpha code><numeric code>` of every currency, by number of minor units. */
const CODES: Readonly<Record<number, string>> = {
  0: `BIF108 CLP152 DJF262 GNF324 ISK352 JPY392 KMF174 KRW410 PYG600 RWF646 UGX800 UYI940 VND704
    VUV548 XAF950 XDR960 XOF952 XPF953 XSU994 XUA965`,
  2: `AED784 AFN971 ALL008 AMD051 ANG532 AOA973 ARS032 AUD036 AWG533 AZN944 BAM977 BBD052 BDT050
    BGN975 BMD060 BND096 BOB068 BOV984 BRL986 BSD044 BTN064 BWP072 BYN933 BZD084 CAD124 CDF976
    CHE947 CHF756 CHW948 CNY156 COP170 COU970 CRC188 CUC931 CUP192 CVE132 CZK203 DKK208 DOP214
    DZD012 EGP818 ERN232 ETB230 EUR978 FJD242 FKP238 GBP826 GEL981 GHS936 GIP292 GMD270 GTQ320
    GYD328 HKD344 HNL340 HRK191 HTG332 HUF348 IDR360 ILS376 INR356 IRR364 JMD388 KES404 KGS417
    KHR116 KPW408 KYD136 KZT398 LAK418 LBP422 LKR144 LRD430 LSL426 MAD504 MDL498 MGA969 MKD807
    MMK104 MNT496 MOP446 MRO478 MUR480 MVR462 MWK454 MXN484 MXV979 MYR458 MZN943 NAD516 NGN566
    NIO558 NOK578 NPR524 NZD554 PAB590 PEN604 PGK598 PHP608 PKR586 PLN985 QAR634 RON946 RSD941
    RUB643 SAR682 SBD090 SCR690 SDG938 SEK752 SGD702 SHP654 SLL694 SOS706 SRD968 SSP728 STD678
    SVC222 SYP760 SZL748 THB764 TJS972 TMT934 TOP776 TRY949 TTD780 TWD901 TZS834 UAH980 USD840
    USN997 UYU858 UZS860 VEF937 WST882 XCD951 YER886 ZAR710 ZMW967 ZWL932`,
  3: "BHD048 IQD368 JOD400 KWD414 LYD434 OMR512 TND788",
  4: "CLF990"
}

const minorUnits = new Map<string, number>()
for (const [minor, codes] of Object.entries(CODES)) {
  for (const code of codes.split(/\s+/).filter((item) => item !== "")) {
    minorUnits.set(code.slice(0, 3), Number(minor))
    minorUnits.set(code.slice(3), Number(minor))
  }
}

const key = (code: string): string => (/^[a-z]{3}$/i.test(code) ? code.toUpperCase() : code)

/** Is this an ISO 4217 code (`EUR`, `eur` or `978`)? */
export const isValidCurrency = (code: unknown): boolean => typeof code === "string" && minorUnits.has(key(code))

/** The minor units of a currency (2 for EUR, 0 for JPY); `undefined` when unknown. */
export const currencyDecimals = (code: unknown): number | undefined =>
  typeof code === "string" ? minorUnits.get(key(code)) : undefined
