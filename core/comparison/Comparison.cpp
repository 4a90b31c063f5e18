#include "core/comparison/Comparison.h"

#include "core/anonymization/Generalization.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/GeneralizedReidentification.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/comparison/UncertaintyCoefficient.h"
#include "core/data/Errors.h"

#include <chrono>
#include <cmath>
#include <numeric>

namespace rr {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

void stage(const ComparisonOptions& options, const std::string& name)
{
    if (options.progress && !options.progress(name))
        throw ComparisonCancelled();
}

MethodUtility unavailable(std::string why)
{
    MethodUtility m;
    m.available = false;
    m.note = std::move(why);
    return m;
}

} // namespace

DistanceSet distancesBetween(const Eigen::VectorXd& pi, const Eigen::VectorXd& estimate)
{
    return {variationalDistance(pi, estimate), l2Distance(pi, estimate), klDistance(pi, estimate),
            chiSquareDistance(pi, estimate)};
}

MethodUtility measureUtility(const ContingencyTable& joint, const std::vector<std::string>& names,
                             const Eigen::VectorXd& distribution, double maxRisk)
{
    MethodUtility m;
    m.available = true;
    m.maxRisk = maxRisk;
    const Eigen::VectorXd pi = joint.proportions();
    m.distances = distancesBetween(pi, distribution);
    const Eigen::VectorXd counts = distribution * joint.total();
    m.baseQueries = baseQueryError(joint.counts(), counts);
    m.cubeQueries = cubeQueryError(joint.counts(), counts, joint.dims());
    m.uncertainty = uncertaintyCoefficients(distribution, joint.dims(), names);
    m.estimate = distribution;
    return m;
}

namespace {

// The shares of the classes a generalization releases (its suppressed ones leave nothing), as a class x S table.
ShareInference classInference(const Partition& partition, const std::vector<char>& suppressed, int ds, double tau)
{
    std::vector<const EquivalenceClass*> released;
    for (std::size_t c = 0; c < partition.classes.size(); ++c)
        if (c >= suppressed.size() || !suppressed[c])
            released.push_back(&partition.classes[c]);
    if (released.empty())
        return {};
    ContingencyTable t({static_cast<int>(released.size()), ds});
    for (std::size_t c = 0; c < released.size(); ++c)
        for (int v = 0; v < ds; ++v)
            t.counts()[static_cast<Eigen::Index>(c * static_cast<std::size_t>(ds) + static_cast<std::size_t>(v))] =
                released[c]->sensitive[static_cast<std::size_t>(v)];
    return shareInference(t, tau);
}

// Anatomy's groups: each holds its sensitive values once each, which its sensitive table publishes.
ShareInference groupInference(const AnatomyPlan& plan, int ds, double tau)
{
    if (plan.groupCount() == 0)
        return {};
    ContingencyTable t({static_cast<int>(plan.groupCount()), ds});
    for (std::size_t g = 0; g < plan.groupCount(); ++g)
        for (const int v : plan.valuesOf(g))
            t.counts()[static_cast<Eigen::Index>(g * static_cast<std::size_t>(ds) + static_cast<std::size_t>(v))] = 1;
    return shareInference(t, tau);
}

// l-diversity: optimal full-domain generalization (003 Sec. 5.3.3 used Incognito).
void releaseByLDiversity(ComparisonResult& r, const std::vector<AttributeGeneralization>& qi,
                         const ComparisonOptions& options)
{
    stage(options, "l-diversity");
    const auto start = Clock::now();
    const int ds = r.original.dims().back();
    const auto model = makePrivacyModel(options.model, options.l, options.c);
    const auto metric = makeInformationLossMetric(options.metric);
    r.privacyModel = model->name();
    LatticeSearchOptions so;
    so.suppressionLimit = options.suppressionLimit;
    if (options.keepRunning)
        so.progress = [&](std::size_t, std::size_t) { return options.keepRunning(); };
    try {
        r.search = findOptimalNode(r.original, qi, {model.get()}, *metric, so);
    } catch (const SearchCancelled&) {
        throw ComparisonCancelled();
    }
    r.secondsSearch = secondsSince(start);
    if (!r.search.found) {
        r.lDiversity = unavailable("no generalization satisfies " + r.privacyModel +
                                   " (not even generalizing every quasi-identifier to the top of its hierarchy, within "
                                   "the suppression limit)");
        r.lDiversity.seconds = secondsSince(start);
        return;
    }
    const Eigen::VectorXd est = estimateFromGeneralization(r.search.partition, r.search.assessment, qi, ds);
    const double seconds = secondsSince(start);
    const auto measure = Clock::now();
    r.lDiversity = measureUtility(r.original, r.attributes, est, maxPosteriorRisk(r.original, est));
    r.lDiversity.note = "each equivalence class spread uniformly over the original QI cells it covers";
    r.lDiversity.reidentification = generalizedReidentification(r.search.partition, r.search.assessment.suppressed);
    r.lDiversity.inference = classInference(r.search.partition, r.search.assessment.suppressed, ds, r.tau);
    r.lDiversity.seconds = seconds;
    r.lDiversity.measureSeconds = secondsSince(measure);
}

// t-closeness (Li, Li and Venkatasubramanian 2007) at the largest t whose optimal generalization has
// max_r Pr(S_r | QI_r) <= tau (TClosenessAtRisk.h), or at the t the owner set.
void releaseByTCloseness(ComparisonResult& r, const std::vector<AttributeGeneralization>& qi,
                         const ComparisonOptions& options)
{
    stage(options, "t-closeness");
    if (!options.tCloseness) {
        r.tCloseness = unavailable("t-closeness was not asked for");
        return;
    }
    const auto start = Clock::now();
    const int ds = r.original.dims().back();
    const auto metric = makeInformationLossMetric(options.metric);
    LatticeSearchOptions so;
    so.suppressionLimit = options.suppressionLimit;
    if (options.keepRunning)
        so.progress = [&](std::size_t, std::size_t) { return options.keepRunning(); };
    try {
        r.tSearch = options.t ? tClosenessAt(r.original, qi, options.tMeasure, options.sensitiveHierarchy, *metric, so,
                                             *options.t)
                              : tClosenessAtRisk(r.original, qi, options.tMeasure, options.sensitiveHierarchy, *metric,
                                                 so, r.tau);
    } catch (const SearchCancelled&) {
        throw ComparisonCancelled();
    }
    if (!r.tSearch.found) {
        r.tCloseness = unavailable(r.tSearch.reason);
        r.tCloseness.seconds = secondsSince(start);
        return;
    }
    const LatticeSearchResult& s = r.tSearch.search;
    const Eigen::VectorXd est = estimateFromGeneralization(s.partition, s.assessment, qi, ds);
    const double seconds = secondsSince(start);
    const auto measure = Clock::now();
    r.tCloseness = measureUtility(r.original, r.attributes, est, r.tSearch.maxRisk);
    r.tCloseness.note = "each equivalence class spread uniformly over the original QI cells it covers";
    r.tCloseness.reidentification = generalizedReidentification(s.partition, s.assessment.suppressed);
    r.tCloseness.inference = classInference(s.partition, s.assessment.suppressed, ds, r.tau);
    r.tCloseness.seconds = seconds;
    r.tCloseness.measureSeconds = secondsSince(measure);
}

// Anatomy (Xiao and Tao): QI and sensitive values released in separate tables per group. The groups are
// planned from the sensitive value's counts; one pass over the records places each in its group.
void releaseByAnatomy(ComparisonResult& r, const ComparisonRecords& records,
                      const std::vector<AttributeGeneralization>& qi, const ComparisonOptions& options)
{
    stage(options, "anatomy");
    const auto start = Clock::now();
    Eigen::VectorXd est;
    ShareInference inference;
    try {
        if (records.weighted)
            throw InputError("anatomy groups individual records; the table holds aggregated counts");
        const AnatomyPlan plan =
            planAnatomyFromCounts(r.original, options.l, r.attributes.back(), records.sensitiveCategories);
        AnatomyEstimator estimator(plan, r.original.cellCount() / static_cast<std::size_t>(r.original.dims().back()),
                                   r.original.total());
        records.forEachRecord([&](std::size_t q, int sv) { estimator.add(q, sv); },
                              [&] { return !options.keepRunning || options.keepRunning(); });
        est = estimator.estimate();
        r.anatomyGroups = plan.groupCount();
        r.anatomyResidueRecords = plan.residueRecords;
        inference = groupInference(plan, r.original.dims().back(), r.tau);
    } catch (const InputError& e) {
        r.anatomy = unavailable(e.what());
    }
    const double seconds = secondsSince(start);
    if (est.size() > 0) {
        const auto measure = Clock::now();
        r.anatomy = measureUtility(r.original, r.attributes, est, maxPosteriorRisk(r.original, est));
        r.anatomy.note = "QI and sensitive values independent within each group";
        r.anatomy.inference = inference;
        // The QIs are released in clear: the original QI cells' re-identification risk (1 / cell size).
        r.anatomy.reidentification =
            generalizedReidentification(partitionAt(r.original, qi, LatticeNode(qi.size(), 0)), {});
        r.anatomy.measureSeconds = secondsSince(measure);
    }
    r.anatomy.seconds = seconds;
}

// RR-QI at tau = 1/l with the optimizer's parameters.
void releaseByRandomization(ComparisonResult& r, const ComparisonOptions& options)
{
    stage(options, "randomization");
    const auto start = Clock::now();
    RandomSource rng = RandomSource::seeded(options.seed);
    r.rngDescription = rng.description();
    r.rr = randomizationEstimates(r.original, r.tau, rng, options.optimizerStarts);
    r.secondsOptimizer = r.rr.secondsOptimizer;
    const double seconds = secondsSince(start);
    if (r.rr.parameters.feasible) {
        stage(options, "utility");
        const auto measure = Clock::now();
        r.randomization = measureUtility(r.original, r.attributes, projectToSimplex(r.rr.fromSimulated), r.rr.maxRisk);
        const int m = r.original.rank() - 1;
        std::vector<int> qiAxes(static_cast<std::size_t>(m));
        std::iota(qiAxes.begin(), qiAxes.end(), 0);
        const std::vector<DistortionMatrix> qiMatrices(r.rr.matrices.begin(), r.rr.matrices.begin() + m);
        r.randomization.reidentification = reidentificationRisk(r.original.marginal(qiAxes), qiMatrices).randomized;
        r.randomization.inference = r.originalInference; // the shares pi-hat estimates: no p hides them
        r.randomization.note = "pi-hat = P^-1 lambda-hat from one simulated randomized table (" + r.rngDescription +
                               "), made a distribution (negative cells set to 0, rescaled) for every measure";
        const Eigen::VectorXd unbiased = r.rr.fromSimulated * r.original.total();
        r.randomizationUnbiasedBase = baseQueryError(r.original.counts(), unbiased);
        r.randomizationUnbiasedCube = cubeQueryError(r.original.counts(), unbiased, r.original.dims());
        r.randomizationExpected =
            measureUtility(r.original, r.attributes, projectToSimplex(r.rr.fromExpected), r.rr.maxRisk);
        r.randomizationExpected.reidentification = r.randomization.reidentification;
        r.randomizationExpected.inference = r.randomization.inference;
        r.randomizationExpected.note = "pi-hat = P^-1 lambda from the expected randomized table lambda = P pi: "
                                       "the moment estimate is unbiased, so only rounding separates it from pi";
        r.randomization.measureSeconds = secondsSince(measure);
    } else {
        r.randomization =
            unavailable("RR-QI cannot reach tau = 1/" + std::to_string(options.l) + ": " + r.rr.parameters.reason);
        r.randomizationExpected = r.randomization;
    }
    r.randomization.seconds = seconds;
    r.randomizationExpected.seconds = seconds;
}

} // namespace

ComparisonRecords comparisonRecords(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute)
{
    if (qiAttributes.empty())
        throw InputError("the comparison needs at least one quasi-identifier");
    for (int a : qiAttributes)
        if (a == sensitiveAttribute)
            throw InputError("attribute '" + table.attributes.at(a).name +
                             "' cannot be both a quasi-identifier and the sensitive attribute");
    ComparisonRecords out;
    std::vector<int> used = qiAttributes;
    used.push_back(sensitiveAttribute);
    for (int a : used)
        out.attributes.push_back(table.attributes.at(a).name);
    std::vector<uint32_t> rows(table.rowCount());
    std::iota(rows.begin(), rows.end(), 0u);
    out.original = buildContingency(table, used, rows);
    out.sensitiveCategories = table.attributes.at(sensitiveAttribute).categories;
    out.weighted = !table.weights.empty();
    out.forEachRecord = [&table, qiAttributes, sensitiveAttribute](const ComparisonRecordVisitor& visit,
                                                                   const std::function<bool()>& keepRunning) {
        const Attribute& s = table.attributes.at(sensitiveAttribute);
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            if (r % 65536 == 0 && !keepRunning())
                throw ComparisonCancelled();
            if (s.codes[r] == Attribute::kMissing)
                throw InputError("record " + std::to_string(r + 1) + " has no value for the sensitive attribute '" +
                                 s.name + "'");
            visit(qiCellOfRow(table, qiAttributes, r), s.codes[r]);
        }
    };
    return out;
}

ComparisonResult compareReleases(const ComparisonRecords& records, const std::vector<AttributeGeneralization>& qi,
                                 const ComparisonOptions& options)
{
    const auto startAll = Clock::now();
    if (options.l < 2)
        throw InputError("the comparison needs l >= 2 (tau = 1/l < 1), got " + std::to_string(options.l));
    if (records.attributes.size() < 2)
        throw InputError("the comparison needs at least one quasi-identifier");

    ComparisonResult r;
    r.l = options.l;
    r.tau = 1.0 / options.l;
    r.attributes = records.attributes;
    r.original = records.original;
    checkTotalCount(r.original.total());
    if (r.original.total() <= 0)
        throw InputError("the comparison needs at least one record");
    r.originalUncertainty = uncertaintyCoefficients(r.original.proportions(), r.original.dims(), r.attributes);
    r.originalInference = shareInference(r.original, r.tau);

    releaseByLDiversity(r, qi, options);
    releaseByTCloseness(r, qi, options);
    releaseByAnatomy(r, records, qi, options);
    releaseByRandomization(r, options);
    r.secondsTotal = secondsSince(startAll);
    return r;
}

ComparisonResult compareReleases(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute,
                                 const std::vector<AttributeGeneralization>& qi, const ComparisonOptions& options)
{
    if (options.l < 2)
        throw InputError("the comparison needs l >= 2 (tau = 1/l < 1), got " + std::to_string(options.l));
    return compareReleases(comparisonRecords(table, qiAttributes, sensitiveAttribute), qi, options);
}

} // namespace rr
