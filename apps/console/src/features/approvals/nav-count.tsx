/** The nav's "Approvals" link with how many requests wait for the signed-in operator (issue 47, decision 239). */
import { useQuery } from '@tanstack/react-query';
import { approvalsQuery } from './api/get-approvals';

export const ApprovalsNavLabel = () => {
  // asked again each minute: requests are also made and decided on the order, case and review pages
  const { data } = useQuery({ ...approvalsQuery(), refetchInterval: 60_000 });
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
