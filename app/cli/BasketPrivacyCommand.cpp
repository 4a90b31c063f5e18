// `basket privacy`: 002's reconstruction probability R(p, s) (eq. 13-17) and the operator's local differential
// privacy epsilon per basket size, on the original baskets. The options become one api::BasketPrivacyRequest;
// core/api/BasketPrivacy.h computes and writes the JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/api/BasketPrivacy.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// --supports S1,S2,..: each in [0, 1], at most 1000.
void setSupports(api::BasketPrivacyRequest& r, const std::string& text)
{
    r.supports.clear();
    for (const std::string& s : splitList(text, "supports"))
        r.supports.push_back(numberInRange(s, "--supports", 0.0, 1.0, false, false));
    if (r.supports.size() > 1000)
        throw InputError("--supports takes at most 1000 values");
}

// The operator and --supports, then the data (read by core).
api::BasketPrivacyRequest privacyRequestFrom(const Options& options)
{
    api::BasketPrivacyRequest request;
    request.op = operatorArgs(options);
    readOptions<api::BasketPrivacyRequest>(options, request, {{"supports", setSupports}});
    request.data = basketDataRequest(options);
    return request;
}

Json runPrivacy(const Options& options)
{
    return api::basketPrivacyJson(api::basketPrivacyOf(privacyRequestFrom(options)));
}

} // namespace

Command basketPrivacyCommand()
{
    Command c;
    c.name = "privacy";
    c.summary = "reconstruction probability R(p, s) (002) and local differential privacy epsilon of an operator";
    c.description =
        "002's reconstruction probability R(p, s) = p P(X=1 | Y=1) + (1-p) P(X=1 | Y=0) of an item of support s "
        "whose bit is kept with p (002 eq. 13-15), and over the items of --data: R(p) = sum_i s_i R(p, s_i) / "
        "sum_i s_i (eq. 16) for item-bits, and (sum_F s_i R(fp, s_i) + sum_F' s_i R(nfp, s_i)) / sum_i s_i (eq. 17) "
        "for frequency-aware distortion. JSON: reconstruction_probability {defined, equation, overall, classes "
        "[{label, keep, items}], by_support [{support, class, keep, R}] at --supports}; for uniform, select-a-size "
        "and cut-and-paste, which replace and insert items rather than flip bits, defined is false with the reason. "
        "epsilon {ldp, value, at_size, note, by_size [{m, baskets, epsilon, note}]}: the local differential privacy "
        "ln max P[t' | t1] / P[t' | t2]; per-item operators over the whole basket (m null: the n items' epsilons "
        "add up), the size-driven operators among baskets of each size with baskets (the release tells the size); "
        "epsilon null with a note where no finite bound exists (e.g. select-a-size with some p_m[j] = 0; "
        "cut-and-paste inserts the basket's own items too, so its p_m[j] are all positive). "
        "ldp is true when every size has a finite epsilon; value is then the largest.";
    c.options = basketDataOptions("the original baskets (FIMI, or a CSV of 0/1 columns if the name ends in .csv)");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    c.options.push_back({"supports", "S1,S2,..",
                         "item supports in [0, 1] at which R(p, s) is listed (default 0.0001,0.001,0.01,0.1,0.5)"});
    c.run = runPrivacy;
    return c;
}

} // namespace rr::cli
