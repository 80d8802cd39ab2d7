import { useTranslation } from 'react-i18next'
import type { PublicBrand } from './api.ts'

/** The brand's name in the user's language (its Chinese name when it has one), or the app's title when there is no brand. */
export function useBrandName (brand: PublicBrand | null | undefined): string {
  const { t, i18n } = useTranslation()
  if (!brand) return t('app.title')
  return i18n.language !== 'en' && brand.nameZh ? brand.nameZh : brand.name
}
