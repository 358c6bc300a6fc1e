import { Link } from "react-router";
import { LegalPage } from "@/features/landing/legal-page";

/** /terms: Terms of Service of a self-hosted Agency Hub instance. */
export function Component() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 21, 2026"
      intro={
        <p>
          These terms cover your use of this Agency Hub instance. Agency Hub is open-source software that an
          agency installs and runs for its own team; the organization that runs this instance is referred to
          below as the <strong>operator</strong>.
        </p>
      }
    >
      <h2>1. Who provides the service</h2>
      <p>
        This instance is provided by its operator, usually the agency you work for or with. The authors and
        contributors of the Agency Hub software do not run this instance, cannot see its data and are not a
        party to these terms. Any commitments about availability, support or data handling are between you and
        the operator.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          You need an account created or approved by the operator. Keep your password and any two-factor codes
          to yourself.
        </li>
        <li>
          You are responsible for what happens under your account. Tell the operator straight away if you
          think someone else has used it.
        </li>
        <li>
          The operator decides who has access and with which role (owner, admin or member), and may suspend or
          remove accounts.
        </li>
        <li>
          Admins may view the app as another user to give support; those sessions are recorded in the audit
          log.
        </li>
      </ul>

      <h2>3. Acceptable use</h2>
      <p>Use Agency Hub for your organization&apos;s work, and do not:</p>
      <ul>
        <li>try to reach workspaces, records or features your role does not give you;</li>
        <li>
          interfere with the service, probe it for vulnerabilities without the operator&apos;s permission, or
          overload it;
        </li>
        <li>upload unlawful content, or content you have no right to share;</li>
        <li>use connected services such as ClickUp or Google in breach of their own terms.</li>
      </ul>

      <h2>4. Your content</h2>
      <p>
        Projects, budgets, time entries and other workspace content belong to the organization that owns the
        workspace, as agreed between you and the operator. You allow the operator to store and process that
        content only as needed to run the service for your organization.
      </p>

      <h2>5. Connected services</h2>
      <p>
        When you connect a ClickUp account or sign in with Google, data moves between Agency Hub and that
        provider as described in the <Link to="/privacy">Privacy Policy</Link>. Those providers&apos; own
        terms and policies apply to your use of their services.
      </p>

      <h2>6. No warranty</h2>
      <p>
        The Agency Hub software is provided &ldquo;as is&rdquo;, without warranty of any kind, under the MIT
        License. Its authors and contributors are not liable for any claim, damages or other liability arising
        from its use. The operator may change, pause or discontinue this instance at any time.
      </p>

      <h2>7. Changes to these terms</h2>
      <p>
        The operator may update these terms. The date at the top shows the latest version; continuing to use
        the service after a change means you accept the updated terms.
      </p>

      <h2>8. Contact</h2>
      <p>
        Questions about these terms, your account or this instance go to its operator, normally your
        agency&apos;s administrator or IT contact.
      </p>
    </LegalPage>
  );
}

export default Component;
