/** The same rule as the contract's CheckLawyerQuerySchema (a practising licence has 17 digits). */
const LICENSE_NO = /^\d{17}$/;

export function checkLawyerInputError(name: string, licenseNo: string): string | null {
  if (!name.trim()) return '请输入律师姓名';
  if (!licenseNo.trim()) return '请输入执业证号';
  if (!LICENSE_NO.test(licenseNo.trim())) return '执业证号应为17位数字';
  return null;
}
