import type { Country } from '../../shared/domain/org-id';
import { useT } from '../lib/intl';

/**
 * The registry's name for a company, beside the name its users gave it (which they choose
 * freely): shown whenever the two differ, so "Vestas (official)" is seen for what it is.
 */
export function RegistryName({
  name,
  registryName,
  country,
  className = 'text-sm text-gray-600',
}: {
  name: string;
  registryName: string | null | undefined;
  /** The company's country, naming its registry (CVR, Brønnøysund, PRH); without it, "the registry". */
  country?: Country | undefined;
  className?: string;
}) {
  const t = useT();
  if (!registryName || registryName.trim().toLowerCase() === name.trim().toLowerCase()) return null;
  return <p className={className}>{country ? t('companies.registryNameIn', { name: registryName, registry: t(`companies.registry.${country}`) }) : t('companies.registryName', { name: registryName })}</p>;
}
