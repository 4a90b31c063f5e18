// `anonymize`: the optimal full-domain generalization under k-anonymity, an l-diversity variant or t-closeness.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReidentificationJson.h"
#include "app/cli/ReleaseColumns.h"
#include "app/cli/ReleaseTargets.h"

#include "core/release/BaselineRelease.h"
#include "core/release/StreamRelease.h"
#include "core/anonymization/Generalization.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/GeneralizedReidentification.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <chrono>
#include <memory>

namespace rr::cli {
namespace {

// The models a class must satisfy: the named one, plus k-anonymity when --k is given with l-diversity or
// t-closeness. t-closeness takes S's distribution from `joint` (S last) and S's hierarchy from --hierarchies.
std::vector<std::unique_ptr<PrivacyModel>> modelsFrom(const Options& options, const ContingencyTable& joint,
                                                      const Attribute& sensitive, TClosenessInputs& t)
{
    const std::string model = options.required("model");
    std::vector<std::unique_ptr<PrivacyModel>> models;
    const auto k = options.value("k");
    if (model != "t-closeness")
        refuseTOptions(options, model);
    if (model == "k") {
        if (!k)
            throw InputError("--model k needs --k K");
        if (options.value("l"))
            throw InputError("--l applies to the l-diversity models, not to --model k");
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, parseNumber(*k, "--k")));
        return models;
    }
    if (model == "t-closeness") {
        if (options.value("l") || options.value("c"))
            throw InputError("--l and --c apply to the l-diversity models, not to --model t-closeness");
        t = tClosenessInputs(options, joint, sensitive);
        models.push_back(makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, t));
    } else {
        if (model != "entropy" && model != "distinct" && model != "recursive")
            throw InputError("--model must be entropy, distinct, recursive, t-closeness or k, got '" + model + "'");
        const PrivacyModelKind kind = parsePrivacyModelKind(model);
        // The one rule for l (core/anonymization/PrivacyModel.h), checked here to name the option.
        const double lValue = parseNumber(options.required("l"), "--l");
        const double l = kind == PrivacyModelKind::EntropyLDiversity ? checkL(lValue, "--l") : wholeL(lValue, "--l");
        models.push_back(makePrivacyModel(kind, l, cOption(options, kind)));
    }
    if (k)
        models.push_back(makePrivacyModel(PrivacyModelKind::KAnonymity, 0, 0, parseNumber(*k, "--k")));
    return models;
}

// The search's options: the suppression limit, and stopping when the run is cancelled.
LatticeSearchOptions searchOptions(const Options& options)
{
    LatticeSearchOptions so;
    so.suppressionLimit = suppressionOption(options);
    if (const auto& keep = keepRunning())
        so.progress = [keep](std::size_t, std::size_t) { return keep(); };
    return so;
}

// The QIs' hierarchies (--hierarchies), bound to the categories counted.
std::vector<AttributeGeneralization> qiGeneralizations(const Options& options, const AnalysisSpec& spec,
                                                       const std::vector<std::string>& analysed,
                                                       const PreparedTable& counts)
{
    Table domains; // the QIs' categories, to bind their hierarchies
    std::vector<int> qiIndex;
    for (std::size_t i = 0; i < spec.quasiIdentifiers.size(); ++i) {
        domains.attributes.push_back(Attribute{analysed[i], counts.categories[i], {}});
        qiIndex.push_back(static_cast<int>(i));
    }
    return loadGeneralizations(domains, qiIndex, options.value("hierarchies").value_or(""));
}

// The models' names, "A and B".
std::string modelNames(const std::vector<const PrivacyModel*>& models)
{
    std::string names;
    for (const auto* m : models)
        names += (names.empty() ? "" : " and ") + m->name();
    return names;
}

// The node of least information loss under the models (the named one, with --k), refused when no node
// satisfies them; `names` gets the models' names, `t` t-closeness's inputs.
LatticeSearchResult searchOptimalNode(const Options& options, const PreparedTable& counts,
                                      const std::vector<std::string>& analysed,
                                      const std::vector<AttributeGeneralization>& qi,
                                      const InformationLossMetric& metric, const LatticeSearchOptions& so,
                                      TClosenessInputs& t, std::string& names)
{
    const auto models = modelsFrom(options, counts.joint, Attribute{analysed.back(), counts.categories.back(), {}}, t);
    std::vector<const PrivacyModel*> modelPtrs;
    for (const auto& m : models)
        modelPtrs.push_back(m.get());
    LatticeSearchResult r = findOptimalNode(counts.joint, qi, modelPtrs, metric, so);
    names = modelNames(modelPtrs);
    if (!r.found)
        throw InputError("no generalization satisfies " + names + ", not even the most general one" +
                         (so.suppressionLimit > 0 ? " within the suppression limit" : "") +
                         " (try a smaller l or k, a larger t, or allow --suppression)");
    return r;
}

// The release written, with the columns and plan it was made by.
struct GeneralizedRelease {
    std::vector<std::string> columns;
    ReleasePlan plan;
    StreamReleaseReport written;
};

// The release: QIs at the node's levels, S and --keep columns as they are, the rest dropped; records of
// suppressed classes left out; a random record order unless --keep-order.
GeneralizedRelease writeGeneralization(const Options& options, const DataSource& source, const AnalysisSpec& spec,
                                       const std::vector<std::string>& analysed, const PreparedTable& counts,
                                       const std::vector<AttributeGeneralization>& qi, const LatticeSearchResult& r,
                                       const std::string& names)
{
    GeneralizedRelease g;
    const std::vector<std::string> keep = keepColumns(options, source, analysed);
    g.columns = source.attributeNames();
    g.plan = generalizationReleasePlan(g.columns, spec, counts.categories, qi, r, keep);
    g.plan.missingToken = missingToken(options);
    g.plan.keepOrder = options.flag("keep-order");
    RandomSource rng = RandomSource::secure();
    // A file by its extension, or a new table in the source's database (its comment names the model and node).
    const std::unique_ptr<ReleaseTarget> target =
        releaseTargetFor(options, source, g.plan.missingToken, [&](const StreamReleaseReport&) {
            return "RR Explorer release: " + names + " by generalization (anonymize), node " +
                   nodeJson(qi, r.node).dump();
        });
    g.written = streamRelease(source, g.plan, rng, *target, {}, {}, keepRunningProgress());
    return g;
}

// The equivalence classes the release holds (those not suppressed).
std::size_t releasedClassCount(const LatticeSearchResult& r)
{
    std::size_t releasedClasses = 0;
    for (std::size_t i = 0; i < r.partition.classes.size(); ++i)
        releasedClasses += i >= r.assessment.suppressed.size() || !r.assessment.suppressed[i] ? 1 : 0;
    return releasedClasses;
}

Json runAnonymize(const Options& options)
{
    checkReleaseTargets(options);
    const std::string out = options.value("out").value_or("");
    const std::string outTable = options.value("out-sql-table").value_or("");
    if (!out.empty())
        checkOutputsAreNotInputs(options, {out});
    if (options.value("model").value_or("") == "t-closeness") { // a bad --t fails before the data is read
        tOption(options);
        tMeasureOption(options);
    }
    const auto metric = makeInformationLossMetric(metricOption(options));
    const LatticeSearchOptions so = searchOptions(options);

    const auto start = std::chrono::steady_clock::now();
    // The search needs only the counts over QI x S (an equivalence class is a set of cells); the records are
    // read once more, streamed, to write the generalized release.
    const std::shared_ptr<const DataSource> source = openSource(options);
    const AnalysisSpec spec = rolesFrom(options);
    const std::vector<std::string> analysed = spec.analysed();
    const PreparedTable counts = source->aggregate(analysed, spec.policy, keepRunningProgress());
    const std::vector<AttributeGeneralization> qi = qiGeneralizations(options, spec, analysed, counts);
    TClosenessInputs t;
    std::string names;
    const LatticeSearchResult r = searchOptimalNode(options, counts, analysed, qi, *metric, so, t, names);

    const GeneralizedRelease release = writeGeneralization(options, *source, spec, analysed, counts, qi, r, names);
    const std::size_t releasedClasses = releasedClassCount(r);
    const Eigen::VectorXd est = estimateFromGeneralization(r.partition, r.assessment, qi, counts.joint.dims().back());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    Json j;
    if (!out.empty())
        j["out"] = out;
    else
        j["out_sql_table"] = outTable;
    j["model"] = names;
    j["node"] = nodeJson(qi, r.node);
    j["metric"] = {{"name", r.metric}, {"value", r.metricValue}};
    j["nodes_checked"] = r.nodesChecked;
    j["lattice_size"] = r.latticeSize;
    j["rows"] = counts.loadedRows - counts.droppedRows;
    j["dropped_rows"] = counts.droppedRows;
    j["rows_written"] = release.written.randomization.rows;
    j["suppressed"] = release.written.leftOut;
    j["equivalence_classes"] = releasedClasses;
    j["max_risk"] = maxPosteriorRisk(counts.joint, est);
    // Who-is-this-record risk of the released classes (issue 22), beside the attribute disclosure above.
    j["reidentification"] = reidentificationSummaryJson(
        generalizedReidentification(r.partition, r.assessment.suppressed, reidentificationThresholdFrom(options)));
    j["hierarchies"] = hierarchySources(qi);
    if (t.t > 0)
        j.update(tClosenessJson(t));
    j["order"] = release.written.randomOrder ? "random" : "source";
    j["columns"] = releaseColumnsJson(release.columns, release.plan);
    j["seconds"] = seconds;
    return j;
}

} // namespace

Command anonymizeCommand()
{
    Command c;
    c.name = "anonymize";
    c.summary = "write the optimal full-domain generalization under k-anonymity, l-diversity or t-closeness";
    c.description =
        "Searches the full-domain generalization lattice of the quasi-identifiers (hierarchies in ARX's format) for "
        "the node that satisfies the privacy model with the least information loss (height = sum of levels, aecs = "
        "records / equivalence classes, discernibility = sum of squared class sizes plus the table size per "
        "suppressed record), pruning by monotonicity, over the counts of QI x S (one streaming pass). Writes the "
        "generalized table in a second pass: the QIs as the hierarchy spells them at the chosen levels, the "
        "sensitive attribute and the --keep columns as they are, every other column dropped; suppressed records "
        "removed (and counted); the records in a uniformly random order unless --keep-order. max_risk is "
        "max_r Pr(S_r | QI_r) in the release (003 Definition 7). t-closeness (Li, Li and Venkatasubramanian 2007) "
        "compares each class's sensitive distribution with the whole table's (suppressed records included) by the "
        "earth mover's distance, every two values at distance 1 (--t-measure equal) or at the level of their lowest "
        "common ancestor over the height of the sensitive attribute's hierarchy (hierarchical).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"model", "entropy|distinct|recursive|t-closeness|k", "the privacy model"});
    c.options.push_back(
        {"l", "L", "l of the l-diversity models, 2 <= l <= 1000000 (whole for distinct and recursive)"});
    c.options.push_back({"k", "K", "k of k-anonymity (with an l-diversity model: required in addition)"});
    c.options.push_back({"c", "C", "c of recursive (c,l)-diversity"});
    c.options.push_back({"t", "T",
                         "t of t-closeness, in (0, 1]: every class's earth mover's distance to the whole table's "
                         "sensitive distribution is at most t"});
    c.options.push_back({"t-measure", "equal|hierarchical",
                         "t-closeness's ground distance (default equal); hierarchical needs the sensitive "
                         "attribute's hierarchy in --hierarchies"});
    c.options.push_back(
        {"metric", "height|aecs|discernibility", "information loss to minimize (default discernibility)"});
    c.options.push_back({"suppression", "FRACTION", "records that may be suppressed, in [0, 1) (default 0)"});
    c.options.push_back(hierarchiesOption());
    c.options.push_back(reidentificationThresholdOption());
    c.options.push_back({"keep", "A,B,...", "columns to write in clear beside the QIs and S (default: none)"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order (a risk: records can be aligned with the source)"});
    c.options.push_back({"out", "FILE",
                         "where to write the generalized release (atomically): .csv, or SPSS .sav, Stata .dta or SAS "
                         "transport .xpt by the extension, value labels kept"});
    c.options.push_back(outSqlTableOption());
    c.options.push_back(releaseForceOption());
    c.run = runAnonymize;
    return c;
}

} // namespace rr::cli
