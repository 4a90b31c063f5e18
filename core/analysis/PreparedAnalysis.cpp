#include "core/analysis/PreparedAnalysis.h"

#include "core/data/Errors.h"

#include <string>

namespace rr {

PreparedAnalysis::PreparedAnalysis(PreparedTable table, AnalysisSpec roles, const std::function<bool()>& keepRunning)
    : PreparedTable(std::move(table)), spec(std::move(roles)), model(joint, keepRunning)
{}

std::vector<DistortionMatrix> PreparedAnalysis::matrices(const std::vector<double>& p) const
{
    if (static_cast<int>(p.size()) != axisCount())
        throw InputError("one retention probability per analysed attribute is needed: " + std::to_string(p.size()) +
                         " for " + std::to_string(axisCount()) + " attributes");
    std::vector<DistortionMatrix> m;
    m.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (dims[i] >= 2)
            checkRetention(names[i], dims[i], p[i]); // finite, in (1/d, 1]
        else if (p[i] != 1.0)
            throw InputError("attribute '" + names[i] + "' has a single category: its p must be 1, not " +
                             std::to_string(p[i]));
        m.push_back(DistortionMatrix::warner(dims[i], p[i]));
    }
    return m;
}

const Eigen::VectorXd& cellRisk(DisclosureRiskModel& model, const std::vector<DistortionMatrix>& axes)
{
    if (axes.empty())
        throw InputError("disclosure risk: no distortion matrix given");
    const std::vector<DistortionMatrix> qi(axes.begin(), axes.end() - 1);
    return model.evaluate(qi, axes.back()); // 003 eq. 5.6
}

std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const Table& table, const AnalysisSpec& spec,
                                                        std::size_t memoryBudget)
{
    checkRoles(spec);
    PreparedTable t = prepareTable(table, spec.analysed(), spec.policy);
    checkAnalysisMemory(t.names, t.dims, memoryBudget, 1, labelBytes(t.categories));
    return std::make_shared<const PreparedAnalysis>(std::move(t), spec);
}

std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const DataSource& source, const AnalysisSpec& spec,
                                                        const ProgressFunction& progress, std::size_t memoryBudget)
{
    checkRoles(spec);
    PreparedTable t = prepareTable(source, spec.analysed(), spec.policy, progress);
    checkAnalysisMemory(t.names, t.dims, memoryBudget, 1, labelBytes(t.categories));
    // the reading is done (1.0); the model's passes ask the same callback whether to go on
    return std::make_shared<const PreparedAnalysis>(std::move(t), spec, [&] { return !progress || progress(1.0); });
}

void checkRandomizable(const PreparedTable& table)
{
    for (int i = 0; i < table.axisCount(); ++i)
        if (table.dims[static_cast<std::size_t>(i)] < 2)
            throw InputError("attribute '" + table.names[static_cast<std::size_t>(i)] +
                             "' has only 1 category in the analysed records; randomizing it is meaningless (give it "
                             "the role 'ignored')");
}

} // namespace rr
