// The site's filings as shown at the foot of every page: ICP 备案 (MIIT), 公安联网备案 (MPS) and the
// 生成式人工智能服务 备案 / 登记 information.

export interface SiteFilings {
  icpNumber: string;
  psbNumber: string;
  genaiFiling: string;
}

export const MIIT_FILING_URL = "https://beian.miit.gov.cn/";

/** The MPS site looks a filing up by its digits (京公网安备11010502012345号 → 11010502012345). */
export function psbFilingUrl(psbNumber: string): string {
  return `https://beian.mps.gov.cn/#/query/webSearch?code=${psbNumber.replace(/\D/g, "")}`;
}

export function hasFilings(filings: SiteFilings): boolean {
  return Boolean(filings.icpNumber || filings.psbNumber || filings.genaiFiling);
}
