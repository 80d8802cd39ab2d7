import { useTranslation } from 'react-i18next'
import type { PublicBrand } from './api.ts'

/** The brand as the user's language shows it: its Chinese name and logo when it has them, else its own; the app's title without a brand. */
export function useBrandFace (brand: PublicBrand | null | undefined): { name: string, logo: PublicBrand['logo'] } {
  const { t, i18n } = useTranslation()
  if (!brand) return { name: t('app.title'), logo: null }
  const chinese = i18n.language !== 'en'
  return { name: (chinese && brand.nameZh) || brand.name, logo: (chinese && brand.logoZh) || brand.logo }
}
