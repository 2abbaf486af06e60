import type { LegalDocument } from './types';
import {
  BREACH_NOTICE_HOURS,
  CONTACT_PAGE,
  count,
  DELETION_REQUEST_DAYS,
  ERASURE_AFTER_CONTRACT_DAYS,
  LEGAL_UPDATED,
  OPERATOR_DESCRIPTION,
  OPERATOR_JURISDICTION,
  OPERATOR_NAME,
  SELF_HOSTING_NOTE,
  SERVICE_NAME,
  SUBPROCESSOR_OBJECTION_DAYS,
  TRANSFER_PASSWORD_MIN_LENGTH,
} from './legal-terms';

export const dataProcessingAgreement: LegalDocument = {
  slug: 'data-processing',
  title: 'Data Processing Agreement',
  updated: LEGAL_UPDATED,
  intro: `This Data Processing Agreement ("DPA") forms part of the Terms of Service between ${OPERATOR_DESCRIPTION} ("${OPERATOR_NAME}", the "Processor"), and each artist, label or distributor that uses ${SERVICE_NAME} to sell music (the "Controller"). It applies whenever ${OPERATOR_NAME} processes personal data on the Controller's behalf, and it is intended to meet the requirements of Article 28 of the UK GDPR.`,
  sections: [
    {
      heading: '1. Parties and scope',
      paragraphs: [
        `The Controller decides why and how personal data about its own fans, customers, contributors and staff is processed; ${OPERATOR_NAME} processes that data only to provide ${SERVICE_NAME} to the Controller. Personal data that ${OPERATOR_NAME} processes for its own purposes, such as running user accounts, is covered by the Privacy Notice and not by this DPA.`,
        SELF_HOSTING_NOTE,
      ],
    },
    {
      heading: '2. Details of the processing',
      paragraphs: [
        "Subject matter and duration: the hosting, sale and delivery of the Controller's music through the store, for as long as the Controller uses the service and until the data is returned or erased under section 9.",
        'Nature and purpose: storage, transcoding, streaming and delivery of releases; processing of sales, tips and payouts; and communication between the Controller and its customers through comments, direct messages and support tickets.',
        'Categories of data subjects: customers and fans of the Controller, members, contributors and staff of the Controller.',
        'Categories of personal data: names, user names, e-mail addresses, profile information, credits and contributor details included with releases, messages, and records of purchases and tips. No special category data is to be provided to the Processor.',
      ],
    },
    {
      heading: '3. Obligations of the Processor',
      paragraphs: [
        `${OPERATOR_NAME} processes the personal data only on the documented instructions of the Controller, which are given by these terms and by the Controller's use of the service, unless the law requires otherwise; in that case it tells the Controller first, unless the law forbids it. It tells the Controller if it believes an instruction breaks data protection law.`,
        'Everyone authorised to process the data is bound by a duty of confidentiality, and only staff who need access to run the service are given it.',
      ],
    },
    {
      heading: '4. Security',
      paragraphs: [
        `${OPERATOR_NAME} keeps appropriate technical and organisational measures in place, including encryption of data in transit, hashed passwords, role-based access control, logging of administrative access, regular backups and prompt security updates.`,
        `When personal data is transferred as a file, for example an export of sales records or a returned data set, the file is encrypted and protected by a password of at least ${count(TRANSFER_PASSWORD_MIN_LENGTH, 'character')}. The password is sent through a different channel from the file.`,
      ],
    },
    {
      heading: '5. Sub-processors',
      paragraphs: [
        `The Controller gives general authorisation for ${OPERATOR_NAME} to engage sub-processors for hosting, storage, e-mail delivery and payment processing. Each sub-processor is bound by written terms that protect the data at least as well as this DPA, and ${OPERATOR_NAME} remains responsible for its sub-processors.`,
        `${OPERATOR_NAME} will give notice before adding or replacing a sub-processor. The Controller may object on reasonable data protection grounds within ${count(SUBPROCESSOR_OBJECTION_DAYS, 'day')} of that notice. If an objection cannot be resolved, the Controller may end its use of the affected features; if no objection is received within that period, the change is accepted.`,
      ],
    },
    {
      heading: '6. Personal data breaches',
      paragraphs: [
        `${OPERATOR_NAME} will notify the Controller without undue delay, and in any case within ${count(BREACH_NOTICE_HOURS, 'hour')} of becoming aware of a personal data breach affecting the Controller's data.`,
        'The notice describes, as far as is then known, the nature of the breach, the categories and approximate number of people and records concerned, the likely consequences and the measures taken or proposed. Further information is provided as it becomes available, so that the Controller can meet its own duties to notify the regulator and the people affected.',
      ],
    },
    {
      heading: '7. Assistance to the Controller',
      paragraphs: [
        `${OPERATOR_NAME} helps the Controller, as far as is reasonable, to answer requests from people exercising their data protection rights, to carry out data protection impact assessments and to consult the regulator. Requests received directly from the Controller's data subjects are passed on to the Controller.`,
        `Where the Controller asks for particular personal data to be deleted, ${OPERATOR_NAME} deletes it within ${count(DELETION_REQUEST_DAYS, 'day')} of the request.`,
      ],
    },
    {
      heading: '8. International transfers and audits',
      paragraphs: [
        'Personal data is transferred outside the UK only with appropriate safeguards under UK data protection law, such as adequacy regulations or the International Data Transfer Agreement.',
        `${OPERATOR_NAME} makes available the information needed to show compliance with this DPA and allows audits by the Controller or an auditor it appoints, on reasonable notice, at most once a year unless a breach has occurred, and subject to confidentiality.`,
      ],
    },
    {
      heading: '9. End of the contract',
      paragraphs: [
        `When the contract ends, ${OPERATOR_NAME} will, at the Controller's choice, return the personal data to the Controller or erase it, and in any case will erase it, including copies, within ${count(ERASURE_AFTER_CONTRACT_DAYS, 'day')} of the end of the contract, unless the law requires it to be kept.`,
      ],
    },
    {
      heading: '10. General',
      paragraphs: [
        `If this DPA conflicts with the Terms of Service, this DPA prevails as regards the processing of personal data. It is governed by the law of ${OPERATOR_JURISDICTION}. Notices under this DPA can be sent through ${CONTACT_PAGE}.`,
      ],
    },
  ],
};
