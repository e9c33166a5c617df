import { libraryHospital, type CallSheetSite } from "../../../common/locations.ts";

const tel = (phone: string) => (
  <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="underline underline-offset-4">
    {phone}
  </a>
);

/**
 * A shoot day's nearest hospital, location contact and parking, as rows of a `<dl>`: from the school's location
 * library when the day has a library place (read live, so a corrected number reaches every sheet), else the typed
 * hospital. The call sheet and its e-mailed confirmation page show the same.
 */
export function SiteFacts({ site, typedHospital }: { site: CallSheetSite | null; typedHospital: string }) {
  const hospital = libraryHospital(site, typedHospital);
  return (
    <>
      {hospital ? (
        <>
          <dt className="font-medium">Nearest hospital</dt>
          <dd>
            {[hospital.name, hospital.address].filter(Boolean).join(", ")}
            {hospital.phone && <> · phone {tel(hospital.phone)}</>}
            {hospital.emergencyPhone && (
              <>
                {" "}
                · emergency <span className="font-semibold">{tel(hospital.emergencyPhone)}</span>
              </>
            )}
          </dd>
        </>
      ) : (
        typedHospital && (
          <>
            <dt className="font-medium">Nearest hospital</dt>
            <dd>{typedHospital}</dd>
          </>
        )
      )}
      {site && (site.contactName || site.contactPhone) && (
        <>
          <dt className="font-medium">Location contact</dt>
          <dd>
            {site.contactName}
            {site.contactName && site.contactPhone && ", "}
            {site.contactPhone && tel(site.contactPhone)}
          </dd>
        </>
      )}
      {site?.parking && (
        <>
          <dt className="font-medium">Parking</dt>
          <dd>{site.parking}</dd>
        </>
      )}
    </>
  );
}
