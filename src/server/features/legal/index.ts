// The legal feature as the rest of the server sees it: the company's legal details. Re-exports only.
export {
  type CompanyLegalRow,
  companyLegalDto,
  ndaProviderOf,
  readAdvancePercent,
  readCompanyLegal,
  readNdaProvider,
  requireCompanyLegal,
  termsCompany,
} from "./company-legal";
export { legalRoutes } from "./routes";
export { legalPageRoutes } from "./terms-pages";
