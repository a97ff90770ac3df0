/** The nav's "Approvals" link with how many requests wait for the signed-in operator (issue 47, decision 239). */
import { useQuery } from '@tanstack/react-query';
import { approvalsQuery } from './api/get-approvals';

export const ApprovalsNavLabel = () => {
  const { data } = useQuery(approvalsQuery());
  const waiting = data?.waitingForMe ?? 0;
  return (
    <>
      Approvals
      {waiting > 0 && (
        <>
          <span className="badge nav-count" aria-hidden="true">
            {waiting}
          </span>
          <span className="visually-hidden">, {waiting} waiting for you</span>
        </>
      )}
    </>
  );
};
