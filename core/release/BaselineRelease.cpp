#include "core/release/BaselineRelease.h"

#include "core/data/CsvWriter.h"

#include <algorithm>

namespace rr {

ReleasePlan generalizationReleasePlan(const std::vector<std::string>& columns, const AnalysisSpec& spec,
                                      const std::vector<std::vector<std::string>>& categories,
                                      const std::vector<AttributeGeneralization>& qi, const LatticeSearchResult& result,
                                      const std::vector<std::string>& keep)
{
    const std::vector<std::string> analysed = spec.analysed();
    ReleasePlan plan;
    std::vector<std::size_t> qiColumn(qi.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
        ColumnRelease col;
        const auto a = std::find(analysed.begin(), analysed.end(), columns[c]);
        col.dropIfMissing = spec.dropsIfMissing(columns[c]);
        const auto i = static_cast<std::size_t>(a - analysed.begin());
        if (a != analysed.end() && i < qi.size()) {
            const auto level = static_cast<std::size_t>(result.node[i]);
            col.action = ColumnRelease::Action::Recode;
            col.categories = categories[i];
            for (std::size_t k = 0; k < col.categories.size(); ++k)
                col.recoded.push_back(qi[i].labels[level][static_cast<std::size_t>(qi[i].codeAt[level][k])]);
            qiColumn[i] = c;
        } else if (a != analysed.end() || std::find(keep.begin(), keep.end(), columns[c]) != keep.end()) {
            col.action = ColumnRelease::Action::Clear;
        }
        plan.columns.push_back(std::move(col));
    }
    plan.filterColumns = qiColumn;
    // A record's original QI cell (row-major over the QI domains) names its class (003 Sec. 5.3).
    std::vector<std::size_t> dims;
    for (std::size_t i = 0; i < qi.size(); ++i)
        dims.push_back(categories[i].size());
    const auto classOf = std::make_shared<const std::vector<int>>(result.partition.classOfQiCell);
    const auto suppressed = std::make_shared<const std::vector<char>>(result.assessment.suppressed);
    plan.leaveOut = [dims, classOf, suppressed](const std::int32_t* codes) {
        std::size_t cell = 0;
        for (std::size_t i = 0; i < dims.size(); ++i) {
            if (codes[i] < 0)
                return true;
            cell = cell * dims[i] + static_cast<std::size_t>(codes[i]);
        }
        const int c = classOf->at(cell);
        return c < 0 ||
               (static_cast<std::size_t>(c) < suppressed->size() && (*suppressed)[static_cast<std::size_t>(c)] != 0);
    };
    return plan;
}

AnatomyQitRelease anatomyQitReleasePlan(const std::vector<std::string>& columns, const AnalysisSpec& spec,
                                        const std::vector<std::vector<std::string>>& categories,
                                        const std::shared_ptr<const AnatomyPlan>& plan, double records)
{
    const std::vector<std::string> analysed = spec.analysed();
    const std::size_t m = spec.quasiIdentifiers.size();
    AnatomyQitRelease out;
    ReleasePlan& release = out.plan;
    release.orderedColumn = "group";
    std::vector<std::size_t> inputOf(m + 1);
    for (std::size_t c = 0; c < columns.size(); ++c) {
        ColumnRelease col;
        const auto a = std::find(analysed.begin(), analysed.end(), columns[c]);
        col.dropIfMissing = spec.dropsIfMissing(columns[c]);
        if (a != analysed.end()) {
            const auto i = static_cast<std::size_t>(a - analysed.begin());
            col.categories = categories[i];
            inputOf[i] = c;
            if (i < m)
                col.action = ColumnRelease::Action::Clear;
        }
        release.columns.push_back(std::move(col));
    }
    release.orderedInputs = inputOf; // the QIs (for the estimate), then S
    release.columnOrder.assign(inputOf.begin(), inputOf.begin() + static_cast<std::ptrdiff_t>(m)); // as the roles
    // pi-hat(q, s) = sum_g n_g(q) c_g(s) / (|g| N) (003 Sec. 5.3.3), accumulated as records meet their group.
    std::vector<std::size_t> dims;
    std::size_t qiCells = 1;
    for (std::size_t i = 0; i < m; ++i) {
        dims.push_back(categories[i].size());
        qiCells *= categories[i].size();
    }
    out.estimator = std::make_shared<AnatomyEstimator>(*plan, qiCells, records);
    release.orderedValue = [plan, dims, estimator = out.estimator](const std::int32_t* codes) {
        std::size_t q = 0;
        for (std::size_t i = 0; i < dims.size(); ++i)
            q = q * dims[i] + static_cast<std::size_t>(codes[i]);
        return std::to_string(estimator->add(q, codes[dims.size()]) + 1);
    };
    return out;
}

void writeSensitiveTableCsv(std::ostream& out, const AnatomyPlan& plan, const std::string& sensitive,
                            const std::vector<std::string>& categories)
{
    out << "group," << csvField(sensitive) << ",count\n";
    std::string line;
    for (std::size_t g = 0; g < plan.groupCount(); ++g)
        for (const int v : plan.valuesOf(g)) {
            line = std::to_string(g + 1);
            line += ',';
            appendCsvField(line, categories[static_cast<std::size_t>(v)]);
            line += ",1\n";
            out << line;
        }
}

} // namespace rr
