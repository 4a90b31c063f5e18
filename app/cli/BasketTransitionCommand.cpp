// `basket transition`: the operator's p[l -> l'] for baskets of size m and k-itemsets (004 Def. 10,
// Statement 2), and cut-and-paste's size probabilities p_m[j] (004, after Remark 4.2). The options become one
// api::BasketTransitionRequest; core/api/BasketTransition.h computes and writes the JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/api/BasketTransition.h"

namespace rr::cli {
namespace {

// The operator, then --m, --k and --items, each checked for its range as it is read.
api::BasketTransitionRequest transitionRequestFrom(const Options& options)
{
    using R = api::BasketTransitionRequest;
    R request;
    request.op = operatorArgs(options);
    readOptions<R>(options, request,
                   {integerOption("m", &R::m, 0, 10000), integerOption("k", &R::k, 1, 64),
                    integerOption("items", &R::itemCount, 1, 16777216)});
    return request;
}

Json runTransition(const Options& options)
{
    return api::basketTransitionJson(api::basketTransitionOf(transitionRequestFrom(options)));
}

} // namespace

Command basketTransitionCommand()
{
    Command c;
    c.name = "transition";
    c.summary = "p[l -> l'] of an operator for baskets of size m and k-itemsets (004 Statement 2)";
    c.description =
        "Prints matrix[l'][l] = p[l -> l'] = P(|t' n A| = l' given |t n A| = l) for a basket t of size m and an "
        "itemset A of size k (004 Def. 10): select-a-size and cut-and-paste by 004 Statement 2, uniform "
        "randomization (004 Sec. 2, needs --items), per-item bits (Bin(l, p) + Bin(k - l, 1 - p)). Columns run "
        "over l = 0..min(k, m): a basket of size m holds at most m items of A. For cut-and-paste also "
        "size_probabilities p_m[j], the chance that j of the m items survive (004, after Remark 4.2); for "
        "select-a-size the given p_m[j]. --rho-table and --sizes-table take the line of size m.";
    c.options = operatorOptions();
    c.options.push_back({"m", "M", "the basket size m, 0..10000"});
    c.options.push_back({"k", "K", "the itemset size k, 1..64"});
    c.options.push_back({"items", "N", "uniform only: the item universe n (at least 2m)"});
    c.run = runTransition;
    return c;
}

} // namespace rr::cli
