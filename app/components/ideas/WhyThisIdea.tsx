import { Link } from "react-router";
import { whySentence, type WhyText } from "#app/lib/idea-why.ts";
import { HOW_WE_RANK_PATH } from "#app/lib/seo.ts";

/**
 * The plain-words reason an idea or wheel strategy ranks where it does (app/lib/idea-why.ts), with what the
 * claimed edge is and a link to the page that explains the method.
 */
export function WhyThisIdea({
  why,
  heading,
  testId,
}: {
  why: WhyText | null;
  heading: string;
  testId: string;
}) {
  return (
    <div className="mt-3 text-sm text-slate-300" data-testid={testId}>
      <p>
        <span className="font-semibold text-slate-200">{heading}: </span>
        {why ? whySentence(why) : "the numbers behind its rank were not recorded when it was listed."}
      </p>
      <p className="mt-1 text-xs text-slate-400">
        {why ? `${why.caveat} ` : null}
        <Link to={HOW_WE_RANK_PATH} className="text-sky-300 underline">
          How we rank ideas
        </Link>
      </p>
    </div>
  );
}
