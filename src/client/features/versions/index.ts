/** A section's saved versions: compared, restored. */
export { SectionVersions } from './section-versions';
