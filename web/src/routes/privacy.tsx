import { LegalPage } from "@/features/landing/legal-page";

/** /privacy: Privacy Policy of a self-hosted Agency Hub instance. */
export function Component() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 21, 2026"
      intro={
        <p>
          Agency Hub is open-source software that an agency runs on its own servers. This policy explains what
          this instance stores about you, why, and whom to ask about it.
        </p>
      }
    >
      <h2>1. Who controls your data</h2>
      <p>
        The agency or organization running this instance (the <strong>operator</strong>) decides what is
        collected and how it is used, and is responsible for it. The authors of the Agency Hub software do not
        host this instance and do not receive your data. The software includes no analytics or advertising
        trackers.
      </p>

      <h2>2. What is stored</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your name, e-mail address, a hash of your password (never the
          password itself), two-factor settings, your Google account identifier if you sign in with Google,
          and your workspaces and roles.
        </li>
        <li>
          <strong>Sessions:</strong> when you signed in, and the IP address and browser of each active
          session, to keep your account secure.
        </li>
        <li>
          <strong>Workspace data synced from ClickUp:</strong> spaces, folders, lists, projects, tasks, custom
          fields, assignees, revisions and time entries from the ClickUp workspaces your team connects, plus
          the access tokens needed to keep that sync running.
        </li>
        <li>
          <strong>Data you enter in Agency Hub:</strong> budgets, purchase orders, bills, invoices, rate
          cards, templates and settings.
        </li>
        <li>
          <strong>Audit logs:</strong> who did what and when: sign-ins, changes to financial records and
          settings, and admins viewing the app as another user.
        </li>
      </ul>

      <h2>3. How it is used</h2>
      <p>
        Only to run the service for your organization: to sign you in, show your projects and workload, keep
        data in step with ClickUp, produce reports, and protect accounts. It is not sold and not used for
        advertising.
      </p>

      <h2>4. Cookies</h2>
      <p>
        Agency Hub uses a session cookie to keep you signed in, and nothing else: no analytics, advertising or
        third-party tracking cookies. (While you sign in, a short-lived cookie may also be set to finish a
        Google or two-factor check.) Because the session cookie is strictly necessary, there is no cookie
        banner.
      </p>

      <h2>5. Services your data is shared with</h2>
      <ul>
        <li>
          <strong>ClickUp</strong>, when your workspace is connected: Agency Hub reads from and writes back to
          the workspaces you authorize.
        </li>
        <li>
          <strong>Google</strong>, only if you choose Google sign-in.
        </li>
        <li>
          <strong>The operator&apos;s own providers</strong>, such as hosting and the e-mail service used for
          account messages.
        </li>
      </ul>

      <h2>6. Retention and deletion</h2>
      <p>
        Data is kept while your account and workspace are active, and for as long afterwards as the operator
        decides. Disconnecting ClickUp stops the sync. To have your account or data exported, corrected or
        deleted, ask the operator.
      </p>

      <h2>7. Your rights</h2>
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal
        data, or to object to how it is processed. The operator handles these requests.
      </p>

      <h2>8. Security</h2>
      <p>
        Passwords are stored as hashes, access follows your role in each workspace, and every record is scoped
        to the workspace it belongs to. How the server itself is secured and backed up is up to the operator.
      </p>

      <h2>9. Contact</h2>
      <p>
        For any privacy question or request, contact the operator of this instance, normally your
        agency&apos;s administrator or IT contact.
      </p>
    </LegalPage>
  );
}

export default Component;
