// `anonymize`: the optimal full-domain generalization under k-anonymity or an l-diversity variant.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/anonymization/Generalization.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <chrono>
#include <memory>

namespace rr::cli {
namespace {

// The models a class must satisfy: the named one, plus k-anonymity when --k is given with l-diversity.
std::vector<std::unique_ptr<PrivacyModel>> modelsFrom(const Options& options)
{
    const std::string model = options.required("model");
    std::vector<std::unique_ptr<PrivacyModel>> models;
    const auto k = options.value("k");
    if (model == "k") {
        if (!k)
            throw InputError("--model k needs --k K");
        if (options.value("l"))
            throw InputError("--l applies to the l-diversity models, not to --model k");
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, parseNumber(*k, "--k")));
        return models;
    }
    if (model != "entropy" && model != "distinct" && model != "recursive")
        throw InputError("--model must be entropy, distinct, recursive or k, got '" + model + "'");
    const PrivacyModelKind kind = parsePrivacyModelKind(model);
    // The one rule for l (core/anonymization/PrivacyModel.h), checked here to name the option.
    const double lValue = parseNumber(options.required("l"), "--l");
    const double l = kind == PrivacyModelKind::EntropyLDiversity ? checkL(lValue, "--l") : wholeL(lValue, "--l");
    models.push_back(makePrivacyModel(kind, l, cOption(options, kind)));
    if (k)
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, parseNumber(*k, "--k")));
    return models;
}

Json runAnonymize(const Options& options)
{
    const std::string out = options.required("out");
    if (out.empty())
        throw InputError("option --out needs a file name");
    checkOutputsAreNotInputs(options, {out});
    const auto models = modelsFrom(options);
    std::vector<const PrivacyModel*> modelPtrs;
    for (const auto& m : models)
        modelPtrs.push_back(m.get());
    const auto metric = makeInformationLossMetric(metricOption(options));
    LatticeSearchOptions so;
    so.suppressionLimit = suppressionOption(options);

    const auto start = std::chrono::steady_clock::now();
    const Table raw = loadTable(options);
    const BaselineRecords in = baselineRecords(raw, options);
    const std::vector<AttributeGeneralization> qi = generalizationsFor(in, options);
    const LatticeSearchResult r = findOptimalNode(in.joint, qi, modelPtrs, *metric, so);
    std::string names;
    for (const auto* m : modelPtrs)
        names += (names.empty() ? "" : " and ") + m->name();
    if (!r.found)
        throw InputError("no generalization satisfies " + names + ", not even the most general one" +
                         (so.suppressionLimit > 0 ? " within the suppression limit" : "") +
                         " (try a smaller l or k, or allow --suppression)");
    const GeneralizedRelease rel = generalizeTable(in.records, in.qi, qi, r.partition, r.assessment);
    writeCsv(rel.table, out, missingToken(options));
    const Eigen::VectorXd est = estimateFromGeneralization(r.partition, r.assessment, qi, in.joint.dims().back());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    Json j;
    j["out"] = out;
    j["model"] = names;
    j["node"] = nodeJson(qi, r.node);
    j["metric"] = {{"name", r.metric}, {"value", r.metricValue}};
    j["nodes_checked"] = r.nodesChecked;
    j["lattice_size"] = r.latticeSize;
    j["rows"] = in.records.rowCount();
    j["dropped_rows"] = in.droppedRows;
    j["rows_written"] = rel.table.rowCount();
    j["suppressed"] = rel.suppressedRecords;
    j["equivalence_classes"] = rel.releasedClasses;
    j["max_risk"] = maxPosteriorRisk(in.joint, est);
    j["hierarchies"] = hierarchySources(qi);
    j["seconds"] = seconds;
    return j;
}

} // namespace

Command anonymizeCommand()
{
    Command c;
    c.name = "anonymize";
    c.summary = "write the optimal full-domain generalization under k-anonymity or l-diversity";
    c.description =
        "Searches the full-domain generalization lattice of the quasi-identifiers (hierarchies in ARX's format) for "
        "the node that satisfies the privacy model with the least information loss (height = sum of levels, aecs = "
        "records / equivalence classes, discernibility = sum of squared class sizes plus the table size per "
        "suppressed record), pruning by monotonicity. Writes the generalized table: the same columns, QI values as "
        "the hierarchy spells them at the chosen levels, suppressed records removed (and counted). max_risk is "
        "max_r Pr(S_r | QI_r) in the release (003 Definition 7).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"model", "entropy|distinct|recursive|k", "the privacy model"});
    c.options.push_back(
        {"l", "L", "l of the l-diversity models, 2 <= l <= 1000000 (whole for distinct and recursive)"});
    c.options.push_back({"k", "K", "k of k-anonymity (with an l-diversity model: required in addition)"});
    c.options.push_back({"c", "C", "c of recursive (c,l)-diversity"});
    c.options.push_back(
        {"metric", "height|aecs|discernibility", "information loss to minimize (default discernibility)"});
    c.options.push_back({"suppression", "FRACTION", "records that may be suppressed, in [0, 1) (default 0)"});
    c.options.push_back(hierarchiesOption());
    c.options.push_back({"out", "FILE", "where to write the generalized CSV (written atomically)"});
    c.options.push_back(forceOption());
    c.run = runAnonymize;
    return c;
}

} // namespace rr::cli
