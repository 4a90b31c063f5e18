#pragma once
// What the info bar says about the analysis: the roles the program chose (once, with what to check next), the
// optimizer's result or why it failed with what to try. Each message states its topic (the mode and l, the
// roles): it goes when they change.
#include <QObject>

namespace rr {
struct AnalysisSpec;
struct OptimizationResult;
enum class RandomizationMode;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class InfoBar;
class Workspace;

class AnalysisMessages : public QObject {
    Q_OBJECT
public:
    AnalysisMessages(AnalysisState& state, Workspace& workspace, InfoBar& info, QObject* parent);

    // Roles chosen by the program, not by the user: said once, with what to check and what to do next.
    void announceRoles(const AnalysisSpec& spec);
    void showOptimization(const OptimizationResult& result, RandomizationMode mode);

private:
    // Optimize's "for this analysis" (issue 44): the result with both objectives at both optima.
    void showAnalysisOptimum(const OptimizationResult& result);
    void showOptimum(const OptimizationResult& result, RandomizationMode mode);
    void showFailure(const OptimizationResult& result, RandomizationMode mode);

    AnalysisState& m_state;
    Workspace& m_workspace;
    InfoBar& m_info;
};

} // namespace rr::ui
