// `basket privacy`: 002's reconstruction probability R(p, s) (eq. 13-17) and the operator's local differential
// privacy epsilon per basket size, on the original baskets.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/baskets/OperatorPrivacy.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

std::vector<double> supportsOption(const Options& options)
{
    const auto text = options.value("supports");
    if (!text)
        return {0.0001, 0.001, 0.01, 0.1, 0.5};
    std::vector<double> out;
    for (const std::string& s : splitList(*text, "supports"))
        out.push_back(numberInRange(s, "--supports", 0.0, 1.0, false, false));
    if (out.size() > 1000)
        throw InputError("--supports takes at most 1000 values");
    return out;
}

Json reconstructionJson(const ReconstructionReadout& r, const std::vector<double>& supports)
{
    Json j;
    j["defined"] = r.defined;
    if (!r.defined) {
        j["reason"] = r.reason;
        return j;
    }
    j["equation"] = r.equation;
    j["overall"] = r.overall;
    Json classes = Json::array();
    for (const KeepClass& c : r.classes)
        classes.push_back(Json{{"label", c.label}, {"keep", c.keep}, {"items", c.items}});
    j["classes"] = classes;
    Json bySupport = Json::array();
    for (double s : supports)
        for (const KeepClass& c : r.classes)
            bySupport.push_back(Json{
                {"support", s}, {"class", c.label}, {"keep", c.keep}, {"R", reconstructionProbability(c.keep, s)}});
    j["by_support"] = bySupport;
    return j;
}

Json epsilonJson(const EpsilonReadout& e)
{
    Json j;
    j["ldp"] = e.ldp;
    j["value"] = e.ldp ? Json(e.value) : Json(nullptr);
    j["at_size"] = e.ldp && e.worstM >= 0 ? Json(e.worstM) : Json(nullptr);
    j["note"] = e.note;
    Json sizes = Json::array();
    for (const SizeEpsilon& s : e.bySize) {
        Json row;
        row["m"] = s.m >= 0 ? Json(s.m) : Json(nullptr);
        row["baskets"] = s.baskets;
        row["epsilon"] = s.epsilon.bounded ? Json(s.epsilon.value) : Json(nullptr);
        if (!s.epsilon.note.empty())
            row["note"] = s.epsilon.note;
        sizes.push_back(row);
    }
    j["by_size"] = sizes;
    return j;
}

Json runPrivacy(const Options& options)
{
    const OperatorParameters args = operatorArgs(options);
    if (args.kind == OperatorKind::FrequencyAware && !args.frequentSupport)
        throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the baskets "
                         "are frequent (002 Sec. 3.3)");
    const std::vector<double> supports = supportsOption(options);
    const LoadedBaskets data = loadBaskets(options.required("data"), options);
    BasketSummary summary = summarize(data.baskets);
    Notes notes;
    if (args.kind == OperatorKind::SelectASize && args.sizes) { // --sizes is one size's p_m[j]
        const std::size_t m = args.sizes->size() - 1;
        for (std::size_t s = 0; s < summary.sizeHistogram.size(); ++s)
            if (s != m)
                summary.sizeHistogram[s] = 0;
        notes.add("--sizes gives p_m[j] for baskets of size " + std::to_string(m) +
                  ": only that size is evaluated (--sizes-table covers several)");
    }
    std::vector<std::uint8_t> frequent;
    if (args.kind == OperatorKind::FrequencyAware)
        frequent = frequentItemFlags(summary.itemCounts, summary.baskets, *args.frequentSupport);
    const BasketOperator op = buildOperator(args, summary.sizeHistogram, summary.itemCount, std::move(frequent));

    Json j;
    j["operator"] = operatorJson(args);
    j["data"] = basketFileJson(data.file, data.baskets, notes);
    j["reconstruction_probability"] = reconstructionJson(reconstructionReadout(op, summary), supports);
    j["epsilon"] = epsilonJson(epsilonReadout(op, summary));
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
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
