// Every translation the console has. Shared words live in this folder's files; a feature that owns
// many strings keeps them beside its code under one top-level key of its own, so features can grow
// without touching each other's files.
import agentDeskEn from '../../agent-bar/agent-desk.en.json';
import agentDeskPtBR from '../../agent-bar/agent-desk.pt-BR.json';
import agentsEn from '../../agents/agents.en.json';
import agentsPtBR from '../../agents/agents.pt-BR.json';
import auditEn from '../../audit/audit.en.json';
import auditPtBR from '../../audit/audit.pt-BR.json';
import callCodesEn from '../../call-codes/call-codes.en.json';
import callCodesPtBR from '../../call-codes/call-codes.pt-BR.json';
import callsEn from '../../calls/calls.en.json';
import callbacksEn from '../../callbacks/callbacks.en.json';
import callbacksPtBR from '../../callbacks/callbacks.pt-BR.json';
import callsPtBR from '../../calls/calls.pt-BR.json';
import campaignsEn from '../../campaigns/campaigns.en.json';
import campaignsPtBR from '../../campaigns/campaigns.pt-BR.json';
import codeListsEn from '../../code-lists/code-lists.en.json';
import codeListsPtBR from '../../code-lists/code-lists.pt-BR.json';
import dialplanEn from '../../dialplan/dialplan.en.json';
import dialplanPtBR from '../../dialplan/dialplan.pt-BR.json';
import extensionPhonesEn from '../../extensions/extension-phones.en.json';
import extensionPhonesPtBR from '../../extensions/extension-phones.pt-BR.json';
import homeEn from '../../home/home.en.json';
import homePtBR from '../../home/home.pt-BR.json';
import inboundRoutesEn from '../../inbound-routes/inbound-routes.en.json';
import inboundRoutesPtBR from '../../inbound-routes/inbound-routes.pt-BR.json';
import ivrMenusEn from '../../ivr-menus/ivr-menus.en.json';
import ivrMenusPtBR from '../../ivr-menus/ivr-menus.pt-BR.json';
import listImportsEn from '../../list-imports/list-imports.en.json';
import listImportsPtBR from '../../list-imports/list-imports.pt-BR.json';
import platformUsersEn from '../../platform-users/platform-users.en.json';
import platformUsersPtBR from '../../platform-users/platform-users.pt-BR.json';
import reportsEn from '../../reports/reports.en.json';
import reportsPtBR from '../../reports/reports.pt-BR.json';
import numbersEn from '../../numbers/numbers.en.json';
import numbersPtBR from '../../numbers/numbers.pt-BR.json';
import tenantsEn from '../../tenants/tenants.en.json';
import tenantsPtBR from '../../tenants/tenants.pt-BR.json';
import suppressionEn from '../../suppression/suppression.en.json';
import suppressionPtBR from '../../suppression/suppression.pt-BR.json';
import trunksEn from '../../trunks/trunks.en.json';
import trunksPtBR from '../../trunks/trunks.pt-BR.json';
import wallboardEn from '../../wallboard/wallboard.en.json';
import wallboardPtBR from '../../wallboard/wallboard.pt-BR.json';
import en from './en.json';
import errorsEn from './errors.en.json';
import errorsPtBR from './errors.pt-BR.json';
import ptBR from './pt-BR.json';
import type { Language } from './languages.ts';

export type MessageTree = { [key: string]: string | MessageTree };

/** The shared file first, then each feature's; a feature never redefines another's top-level key. */
export const MESSAGE_FILES: Readonly<Record<Language, readonly MessageTree[]>> = {
  // One file a line, in alphabetical order, so features added in parallel merge without conflict.
  en: [
    en,
    errorsEn,
    agentDeskEn,
    agentsEn,
    auditEn,
    callbacksEn,
    callsEn,
    callCodesEn,
    campaignsEn,
    codeListsEn,
    dialplanEn,
    extensionPhonesEn,
    homeEn,
    inboundRoutesEn,
    ivrMenusEn,
    listImportsEn,
    platformUsersEn,
    reportsEn,
    suppressionEn,
    numbersEn,
    tenantsEn,
    trunksEn,
    wallboardEn,
  ],
  'pt-BR': [
    ptBR,
    errorsPtBR,
    agentDeskPtBR,
    agentsPtBR,
    auditPtBR,
    callbacksPtBR,
    callsPtBR,
    callCodesPtBR,
    campaignsPtBR,
    codeListsPtBR,
    dialplanPtBR,
    extensionPhonesPtBR,
    homePtBR,
    inboundRoutesPtBR,
    ivrMenusPtBR,
    listImportsPtBR,
    platformUsersPtBR,
    reportsPtBR,
    suppressionPtBR,
    numbersPtBR,
    tenantsPtBR,
    trunksPtBR,
    wallboardPtBR,
  ],
};

export function mergeMessages(files: readonly MessageTree[]): MessageTree {
  const merged: MessageTree = {};
  for (const file of files) {
    for (const [key, value] of Object.entries(file)) {
      if (key in merged) throw new Error(`translation key "${key}" is defined by two files`);
      merged[key] = value;
    }
  }
  return merged;
}

export const MESSAGES: Readonly<Record<Language, MessageTree>> = {
  en: mergeMessages(MESSAGE_FILES.en),
  'pt-BR': mergeMessages(MESSAGE_FILES['pt-BR']),
};
