#include "core/analysis/PreparedAnalysis.h"

#include "core/data/Errors.h"

namespace rr {

PreparedAnalysis::PreparedAnalysis(PreparedTable table, AnalysisSpec roles)
    : PreparedTable(std::move(table)), spec(std::move(roles)), model(joint)
{}

std::vector<DistortionMatrix> PreparedAnalysis::matrices(const std::vector<double>& p) const
{
    if (static_cast<int>(p.size()) != axisCount())
        throw InputError("one retention probability per analysed attribute is needed");
    std::vector<DistortionMatrix> m;
    m.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        m.push_back(DistortionMatrix::warner(dims[i], p[i]));
    return m;
}

std::vector<DistortionMatrix> PreparedAnalysis::qiMatrices(const std::vector<double>& p) const
{
    auto m = matrices(p);
    m.pop_back();
    return m;
}

DistortionMatrix PreparedAnalysis::sensitiveMatrix(const std::vector<double>& p) const
{
    if (static_cast<int>(p.size()) != axisCount())
        throw InputError("one retention probability per analysed attribute is needed");
    return DistortionMatrix::warner(dims.back(), p.back());
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
    return std::make_shared<const PreparedAnalysis>(std::move(t), spec);
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
