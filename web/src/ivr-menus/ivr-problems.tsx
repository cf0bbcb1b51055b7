import { useTranslation } from 'react-i18next';
import { errorDetails } from '../app/error-details.ts';
import { problemField } from './ivr-problems.ts';

interface IvrProblemsProps {
  error: unknown;
  /** How to name the option at an index of the list that was sent. */
  optionLabel: (index: number) => string;
}

/** The server's reasons field by field, under its message (which ErrorMessage shows). */
export function IvrProblems({ error, optionLabel }: IvrProblemsProps) {
  const { t } = useTranslation();
  const details = errorDetails(error);
  if (details.length === 0) return null;
  const fieldLabel = (name: string) => {
    switch (name) {
      case 'name':
        return t('common.name');
      case 'context':
        return t('ivrMenus.context');
      case 'greeting':
        return t('ivrMenus.greeting');
      case 'failureTarget':
      case 'timeoutSeconds':
      case 'maxFailures':
        return t('ivrMenus.failure.title');
      default:
        return name;
    }
  };
  return (
    <ul className="ivr-problems">
      {details.map((detail) => {
        const field = problemField(detail.path);
        return (
          <li key={detail.path}>
            <strong>{field.kind === 'option' ? optionLabel(field.index) : fieldLabel(field.name)}</strong>:{' '}
            {detail.message}
          </li>
        );
      })}
    </ul>
  );
}
