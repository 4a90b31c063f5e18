#pragma once
// Whether each step of the owner's path can be taken now, and the one line the window shows under the step
// bar: what the step is for and what to do next, or why it is not ready (no data, no sensitive attribute, a
// target the optimizer reported out of reach, nothing to release while every p is 1 or the risk is above the
// target). Reads the workspace;
// draws nothing.
#include "ui/catalog/ViewCatalog.h"

#include <QObject>
#include <QString>

#include <optional>

namespace rr {
struct OptimizationResult;
enum class RandomizationMode;
} // namespace rr

namespace rr::ui {

class Workspace;

struct StepStatus {
    bool ready = true;
    QString line;
};

class StepGuide : public QObject {
    Q_OBJECT
public:
    explicit StepGuide(Workspace* workspace, QObject* parent = nullptr);

    StepStatus status(WorkflowStep step) const;

signals:
    void changed();

private:
    // The last target Optimize could not reach, while the target and the mode are unchanged.
    struct Unreachable {
        double tau = 0;
        int mode = 0;
        QString why;
    };
    void noteOptimization(const rr::OptimizationResult& result, rr::RandomizationMode mode);
    void forgetStaleTarget();
    // Why the analysis is missing (no data, roles), or empty when it is ready.
    QString analysisMissing() const;

    Workspace* m_workspace;
    std::optional<Unreachable> m_unreachable;
};

} // namespace rr::ui
