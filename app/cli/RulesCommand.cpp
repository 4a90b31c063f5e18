// `rules`: frequent itemsets and association rules mined from randomized binary items with estimated supports
// and confidences and their ranges (003 Sec. 3.2, eq. 3.3-3.5, Results 1-3); with the original data, how well
// they match its rules (003 Table 3.3). The options become one api::RulesRequest; core/api/Rules.h mines and
// writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/PresentCategory.h"
#include "app/cli/Requests.h"

#include "core/api/Rules.h"

namespace rr::cli {

// Read in the order the checks always ran: --items, the thresholds, --decision, --alpha, --positive, the data.
api::RulesRequest rulesRequestFrom(const Options& options)
{
    using R = api::RulesRequest;
    using M = RuleMiningOptions;
    R request;
    readOptions<R>(options, request, {listOption("items", &R::items, true)});
    readOptions<M>(options, request.mining,
                   {numberOption("min-support", &M::minSupport, true),
                    numberOption("min-confidence", &M::minConfidence, true),
                    parsedOption("decision", &M::decision, api::ruleDecisionOf)});
    request.mining.alpha = alphaFrom(options);
    request.positive = positiveValues(options, request.items);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.data = dataRequest(options);
    request.distortions = distortionChoiceFrom(options);
    readOptions<R>(options, request, {{"original", [&options](R& r, const std::string& file) {
                                           r.original = api::OriginalItems{file, csvOptions(options)};
                                       }}});
    return request;
}

namespace {

Json runRules(const Options& options)
{
    return api::rulesJson(api::rulesOf(rulesRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command rulesCommand()
{
    Command c;
    c.name = "rules";
    c.summary = "frequent itemsets and association rules from randomized 0/1 items, with ranges";
    c.description =
        "The data holds randomized binary items (0/1 columns, or two-valued columns with --positive). Mines the "
        "frequent itemsets and the rules X => Y level-wise (Apriori, 003 Sec. 3.2.4) on estimated supports: "
        "s-hat = the all-present cell of (P_1^-1 x ... x P_k^-1) lambda-hat (003 eq. 3.3) with its variance (003 "
        "Result 1, eq. 5.16) and normal and Chebyshev ranges; confidences c-hat with E(c-hat) and variance (003 eq. "
        "3.4, 3.5) and ranges around E(c-hat) (Result 3). --decision says what is compared with the thresholds: "
        "the estimate, the lower bounds (fewer false positives) or the upper bounds (fewer false negatives) of the "
        "support's normal and the confidence's Chebyshev range. Supports and confidences are shares. With "
        "--original (the same records before randomization), the Table 3.3 metrics of 003 in percent: rho, gamma "
        "(support and confidence errors), sigma+ / sigma- (false positives / negatives, also with lower and upper "
        "bounds), and the conflicting pairs s-p, c-p.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"items", "A,B,...", "the item columns (0/1)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.back().help = "a 2 x 2 column-stochastic matrix for an item instead of its --p: a CSV file, row u = "
                            "randomized value, entry P(u | v); without a header rows and columns are (absent, "
                            "present), i.e. 0 then 1";
    c.options.push_back({"min-support", "S", "minimum support, a share in (0, 1]"});
    c.options.push_back({"min-confidence", "C", "minimum confidence, a share in [0, 1]"});
    c.options.push_back({"decision", "estimate|lower|upper", "what must reach the thresholds (default estimate)"});
    c.options.push_back(positiveOption("the value counted as present for a two-valued item column that is not 0/1"));
    c.options.push_back({"original", "FILE", "the same records before randomization: add the Table 3.3 metrics"});
    c.options.push_back(alphaOption());
    c.run = runRules;
    return c;
}

} // namespace rr::cli
