import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { ORGANIZATION, type OrgMember } from "~/config/organization";
import { publicPageMeta } from "~/lib/public-meta";
import type { PublicLayoutData } from "~/routes/_public";
import orgStyles from "~/styles/organization.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: orgStyles }];

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    pageName: "Struktur Organisasi",
    description: `Struktur organisasi: ${ORGANIZATION.head.position}, ${ORGANIZATION.secretary.position}, ${ORGANIZATION.units.map((unit) => unit.name).join(", ")}.`,
    path: "/organization-tree",
  });

function Person({ member }: { member: OrgMember }) {
  return (
    <div className="org-person">
      <span className="org-position">{member.position}</span>
      <span className="org-name">{member.name}</span>
    </div>
  );
}

/** The static chart (spec §2) as nested lists: readable by screen readers and on a phone. */
export default function OrganizationTree() {
  const layout = useRouteLoaderData<PublicLayoutData>("routes/_public");
  return (
    <article className="page page-wide">
      <h1>Struktur Organisasi {layout?.product}</h1>
      <ul className="org-tree">
        <li>
          <Person member={ORGANIZATION.head} />
          <ul>
            <li>
              <Person member={ORGANIZATION.secretary} />
              <ul className="org-units">
                {ORGANIZATION.units.map((unit) => (
                  <li key={unit.name} className="org-unit">
                    <h2 className="org-unit-name">{unit.name}</h2>
                    <Person member={unit.lead} />
                    <ul>
                      {unit.teams.map((team) => (
                        <li key={team.name} className="org-team">
                          <h3 className="org-team-name">{team.name}</h3>
                          <Person member={team.lead} />
                          <ul className="org-members" aria-label={`Anggota ${team.name}`}>
                            {team.members.map((member) => (
                              <li key={member.name}>
                                <Person member={member} />
                              </li>
                            ))}
                          </ul>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </li>
      </ul>
    </article>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
