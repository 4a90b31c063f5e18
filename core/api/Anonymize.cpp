#include "core/api/Anonymize.h"

#include "core/api/AnonymizeModels.h"
#include "core/api/GeneralizationJson.h"
#include "core/api/ReleaseColumns.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/GeneralizedReidentification.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/Errors.h"
#include "core/release/BaselineRelease.h"

#include <chrono>
#include <filesystem>

namespace rr::api {
namespace {

// The files the release reads: the data and every file in the hierarchies' folder.
std::vector<InputFile> inputsOf(const AnonymizeRequest& request)
{
    std::vector<InputFile> inputs;
    for (const std::string& file : request.data.source.files)
        inputs.emplace_back("--data", file);
    if (request.hierarchies.empty())
        return inputs;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(request.hierarchies, ec), end; !ec && it != end; it.increment(ec))
        if (std::error_code e; it->is_regular_file(e))
            inputs.emplace_back("--hierarchies", it->path().string());
    return inputs;
}

// The QIs' hierarchies (the request's folder), bound to the categories counted.
std::vector<AttributeGeneralization> qiGeneralizations(const std::string& folder, const AnalysisSpec& spec,
                                                       const std::vector<std::string>& analysed,
                                                       const PreparedTable& counts)
{
    Table domains; // the QIs' categories, to bind their hierarchies
    std::vector<int> qiIndex;
    for (std::size_t i = 0; i < spec.quasiIdentifiers.size(); ++i) {
        domains.attributes.push_back(Attribute{analysed[i], counts.categories[i], {}});
        qiIndex.push_back(static_cast<int>(i));
    }
    return loadGeneralizations(domains, qiIndex, folder);
}

// The search's options: the suppression limit, and stopping when the progress says so.
LatticeSearchOptions searchOptionsOf(const AnonymizeRequest& request, const ProgressFunction& progress)
{
    LatticeSearchOptions so;
    so.suppressionLimit = request.suppression;
    if (progress)
        so.progress = [progress](std::size_t, std::size_t) { return progress(-1); };
    return so;
}

// The node of least information loss under the models, refused when no node satisfies them; `r` gets the
// models' names and t-closeness's inputs.
LatticeSearchResult searchOptimalNode(const AnonymizeRequest& request, const PreparedTable& counts,
                                      const std::vector<std::string>& analysed, const LatticeSearchOptions& so,
                                      AnonymizeResult& r)
{
    const auto metric = makeInformationLossMetric(request.metric);
    const Attribute sensitive{analysed.back(), counts.categories.back(), {}};
    const auto models = privacyModelsOf(request.model, counts.joint, sensitive, request.hierarchies, r.t);
    std::vector<const PrivacyModel*> modelPtrs;
    for (const auto& m : models) {
        modelPtrs.push_back(m.get());
        r.model += (r.model.empty() ? "" : " and ") + m->name();
    }
    LatticeSearchResult found = findOptimalNode(counts.joint, r.qi, modelPtrs, *metric, so);
    if (!found.found)
        throw InputError("no generalization satisfies " + r.model + ", not even the most general one" +
                         (so.suppressionLimit > 0 ? " within the suppression limit" : "") +
                         " (try a smaller l or k, a larger t, or allow --suppression)");
    return found;
}

// The release: QIs at the node's levels, S and the kept columns as they are, the rest dropped; records of
// suppressed classes left out; a random record order unless keepOrder.
void writeGeneralization(const AnonymizeRequest& request, const DataSource& source, const AnalysisSpec& spec,
                         const PreparedTable& counts, AnonymizeResult& r, const ProgressFunction& progress)
{
    r.columns = source.attributeNames();
    checkKeepColumns(request.keep, r.columns, spec.analysed());
    ReleasePlan plan = generalizationReleasePlan(r.columns, spec, counts.categories, r.qi, r.search, request.keep);
    plan.missingToken = request.missingToken;
    plan.keepOrder = request.keepOrder;
    r.released = plan.columns;
    RandomSource rng = RandomSource::secure();
    // A file by its extension, or a new table in the source's database (its comment names the model and node).
    const std::unique_ptr<ReleaseTarget> target =
        releaseTargetOf(request.outputs, source, plan.missingToken, [&r](const StreamReleaseReport&) {
            return "RR Explorer release: " + r.model + " by generalization (anonymize), node " +
                   nodeJson(r.qi, r.search.node).dump();
        });
    r.written = streamRelease(source, plan, rng, *target, {}, {}, progress);
}

// The equivalence classes the release holds (those not suppressed).
std::size_t releasedClassCount(const LatticeSearchResult& r)
{
    std::size_t releasedClasses = 0;
    for (std::size_t i = 0; i < r.partition.classes.size(); ++i)
        releasedClasses += i >= r.assessment.suppressed.size() || !r.assessment.suppressed[i] ? 1 : 0;
    return releasedClasses;
}

} // namespace

AnonymizeResult anonymizeOf(const AnonymizeRequest& request, const ProgressFunction& progress)
{
    checkReleaseOutputs(request.outputs, inputsOf(request));
    const auto start = std::chrono::steady_clock::now();
    // The search needs only the counts over QI x S (an equivalence class is a set of cells); the records are
    // read once more, streamed, to write the generalized release.
    const std::shared_ptr<const DataSource> source = openData(request.data);
    const AnalysisSpec& spec = request.roles;
    checkRoles(spec);
    const std::vector<std::string> analysed = spec.analysed();
    const PreparedTable counts = source->aggregate(analysed, spec.policy, progress);
    AnonymizeResult r;
    r.outputs = request.outputs;
    r.qi = qiGeneralizations(request.hierarchies, spec, analysed, counts);
    r.search = searchOptimalNode(request, counts, analysed, searchOptionsOf(request, progress), r);
    writeGeneralization(request, *source, spec, counts, r, progress);
    r.rows = counts.loadedRows - counts.droppedRows;
    r.droppedRows = counts.droppedRows;
    r.equivalenceClasses = releasedClassCount(r.search);
    const Eigen::VectorXd est =
        estimateFromGeneralization(r.search.partition, r.search.assessment, r.qi, counts.joint.dims().back());
    r.maxRisk = maxPosteriorRisk(counts.joint, est);
    // Who-is-this-record risk of the released classes (issue 22), beside the attribute disclosure above.
    r.reidentification =
        generalizedReidentification(r.search.partition, r.search.assessment.suppressed, request.threshold);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

} // namespace rr::api
