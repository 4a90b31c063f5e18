#include "core/analysis/SeveralSensitive.h"

#include "core/analysis/Retention.h"
#include "core/data/Errors.h"

#include <algorithm>

namespace rr {
namespace {

int axisIn(const std::vector<std::string>& names, const std::string& name)
{
    return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
}

} // namespace

SeveralSensitiveSpec severalSensitiveSpec(const AnalysisSpec& spec)
{
    SeveralSensitiveSpec out;
    out.quasiIdentifiers = spec.quasiIdentifiers;
    out.targets = spec.targets();
    out.policy = spec.policy;
    return out;
}

std::vector<std::string> SeveralSensitiveSpec::attributes() const
{
    return attributesOf(quasiIdentifiers, targets);
}

SeveralSensitiveAnalysis prepareSeveralSensitive(const DataSource& source, const SeveralSensitiveSpec& spec,
                                                 const ProgressFunction& progress, std::size_t memoryBudget)
{
    checkSensitiveTargets(spec.quasiIdentifiers, spec.targets);
    { // the table of every attribute dominates: its cells bound what each target's table holds
        AnalysisSpec everything;
        everything.quasiIdentifiers = spec.attributes();
        everything.sensitive = everything.quasiIdentifiers.back();
        everything.quasiIdentifiers.pop_back();
        checkAnalysisMemory(source.summary(), everything, memoryBudget);
    }
    SeveralSensitiveAnalysis a;
    a.spec = spec;
    a.all = prepareTable(source, spec.attributes(), spec.policy, progress);
    for (const SensitiveTarget& t : spec.targets) {
        AnalysisSpec roles;
        roles.quasiIdentifiers = spec.quasiIdentifiers;
        roles.quasiIdentifiers.insert(roles.quasiIdentifiers.end(), t.knows.begin(), t.knows.end());
        roles.sensitive = t.attribute;
        roles.policy = spec.policy;
        std::vector<int> axes;
        PreparedTable table;
        for (const std::string& name : roles.analysed()) {
            const int axis = axisIn(a.all.names, name);
            axes.push_back(axis);
            table.names.push_back(name);
            table.categories.push_back(a.all.categories[static_cast<std::size_t>(axis)]);
            table.dims.push_back(a.all.dims[static_cast<std::size_t>(axis)]);
        }
        table.joint = a.all.joint.marginal(axes); // the same records for every target
        table.records = a.all.records;
        table.loadedRows = a.all.loadedRows;
        table.droppedRows = a.all.droppedRows;
        a.perTarget.push_back(std::make_shared<const PreparedAnalysis>(std::move(table), std::move(roles)));
        a.axesOf.push_back(std::move(axes));
    }
    return a;
}

std::vector<char> randomizedInMode(const SeveralSensitiveAnalysis& a, RandomizationMode mode)
{
    std::vector<char> isTarget(a.all.names.size(), 0), out(a.all.names.size(), 0);
    for (const std::vector<int>& axes : a.axesOf)
        isTarget[static_cast<std::size_t>(axes.back())] = 1;
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = mode == RandomizationMode::Both || (mode == RandomizationMode::S) == (isTarget[k] != 0);
    return out;
}

std::vector<double> retentionsInMode(const SeveralSensitiveAnalysis& a, RandomizationMode mode,
                                     const std::map<std::string, double>& stored)
{
    const std::vector<char> randomized = randomizedInMode(a, mode);
    std::vector<double> p(a.all.names.size(), 1.0);
    for (std::size_t k = 0; k < p.size(); ++k)
        if (randomized[k]) {
            const auto it = stored.find(a.all.names[k]);
            p[k] = clampRetention(a.all.dims[k], it == stored.end() ? 1.0 : it->second);
        }
    return p;
}

SeveralSensitiveRisk severalSensitiveRisk(const SeveralSensitiveAnalysis& a, const std::vector<double>& p, double tau,
                                          int threads)
{
    if (p.size() != a.all.names.size())
        throw InputError("several sensitive attributes: " + std::to_string(p.size()) + " retention probabilities for " +
                         std::to_string(a.all.names.size()) + " attributes");
    const ContingencyTable& all = a.all.joint;
    const std::size_t cells = all.cellCount();
    Eigen::VectorXd largest = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(cells));
    std::vector<int> setBy(cells, -1);
    SeveralSensitiveRisk out;
    out.recordsSetBy.assign(a.perTarget.size(), 0.0);
    for (std::size_t j = 0; j < a.perTarget.size(); ++j) {
        const PreparedAnalysis& t = *a.perTarget[j];
        std::vector<double> pj;
        for (int axis : a.axesOf[j])
            pj.push_back(p[static_cast<std::size_t>(axis)]);
        DisclosureRiskModel model = t.model;
        model.setThreads(threads);
        const Eigen::VectorXd& risk = model.evaluateWarner(pj); // 003 eq. 5.6-5.8 over this target's table
        out.perTarget.push_back(summarizeRisk(risk, t.joint, tau));
        // Each cell of `all` takes the risk of its cell in this table (an odometer over all's axes).
        std::vector<std::size_t> step(all.dims().size(), 0);
        for (std::size_t k = 0; k < a.axesOf[j].size(); ++k)
            step[static_cast<std::size_t>(a.axesOf[j][k])] = t.joint.strides()[k];
        std::vector<int> c(all.dims().size(), 0);
        std::size_t at = 0;
        for (std::size_t i = 0; i < cells; ++i) {
            const double r = risk[static_cast<Eigen::Index>(at)];
            if (setBy[i] < 0 || r > largest[static_cast<Eigen::Index>(i)]) {
                largest[static_cast<Eigen::Index>(i)] = r;
                setBy[i] = static_cast<int>(j);
            }
            for (int ax = static_cast<int>(c.size()) - 1; ax >= 0; --ax) {
                const auto u = static_cast<std::size_t>(ax);
                at += step[u];
                if (++c[u] < all.dims()[u])
                    break;
                at -= step[u] * static_cast<std::size_t>(c[u]);
                c[u] = 0;
            }
        }
    }
    out.overall = summarizeRisk(largest, all, tau);
    for (std::size_t i = 0; i < cells; ++i)
        if (setBy[i] >= 0)
            out.recordsSetBy[static_cast<std::size_t>(setBy[i])] += all.counts()[static_cast<Eigen::Index>(i)];
    return out;
}

} // namespace rr
