#pragma once
// The Utility step's "What an analyst's model loses" (issue 44): an outcome, its event and predictors among the
// analysed attributes; the logistic model's coefficients from the original data beside those expected from a
// release at the current p, with their 95% ranges, a row each and a sentence each. core/models/ModelLoss.h
// computes; the view's own background task runs it whenever p or the model changes while the page is shown.
#include "core/models/ModelLoss.h"
#include "ui/views/Page.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QSplitter;
class QLabel;
class QTableWidget;
class QToolButton;
class QMenu;

namespace rr {
struct PreparedAnalysis;
}

namespace rr::ui {

class AnalysisState;
class BackgroundTask;
class Workspace;

struct PageContext;

class ModelLossView : public QWidget, public Page {
    Q_OBJECT
public:
    ModelLossView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ~ModelLossView() override;

    // The model chosen (nothing without an analysis or a predictor), and as optimize's --for names it
    // ("regress:Y=V~A,B"; empty without one).
    std::optional<LogitModelSpec> model() const;
    QString analysisText() const;
    // Chooses outcome, event and predictors (names the analysis lacks are ignored) and computes.
    void setModel(const LogitModelSpec& spec);

    BackgroundTask* task() const { return m_task; }
    // The window's page (ViewDescriptor::create): a new model changes what Optimize can be for.
    static QWidget* create(const PageContext& context);
    QList<BackgroundTask*> watchedTasks() const override { return {m_task}; }
    void addOptimizeTargets(QStringList& labels, QStringList& analyses) const override;
    std::shared_ptr<const ModelLoss> result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    QLabel* wordsLabel() const { return m_words; }
    QLabel* statusLabel() const { return m_status; }
    QComboBox* outcomeBox() const { return m_outcome; }
    QComboBox* positiveBox() const { return m_positive; }
    QToolButton* predictorsButton() const { return m_predictors; }

signals:
    void computed();
    void modelChanged();

protected:
    void showEvent(QShowEvent* event) override;

private:
    // The constructor's parts.
    QHBoxLayout* buildControls();
    QSplitter* buildResults();
    void connectControls();
    void fillChoices();
    void fillPositive();
    void fillPredictors(const std::vector<std::string>& chosen);
    void defaultModel();
    void onModelEdited();
    void updatePredictorsText();
    void refresh();
    void compute();
    void show(std::shared_ptr<const ModelLoss> loss, std::shared_ptr<const ModelLossModel> model);
    void showProblem(const QString& message);
    QString sentence(const CoefficientLoss& row) const;

    AnalysisState* m_state;
    Workspace* m_workspace;
    BackgroundTask* m_task;
    QComboBox* m_outcome;
    QComboBox* m_positive;
    QToolButton* m_predictors;
    QMenu* m_predictorMenu;
    std::vector<std::string> m_chosen; // the predictors in the order they were chosen
    QTableWidget* m_table;
    QLabel* m_words;
    QLabel* m_status;
    bool m_filling = false;
    bool m_dirty = true;
    std::shared_ptr<const ModelLoss> m_result;
    // The original fit, made once per analysis and model (it does not depend on p).
    std::shared_ptr<const ModelLossModel> m_model;
    std::weak_ptr<const PreparedAnalysis> m_modelAnalysis;
};

} // namespace rr::ui
