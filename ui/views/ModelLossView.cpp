#include "ui/views/ModelLossView.h"

#include "core/analysis/PreparedAnalysis.h"
#include "ui/charts/ChartStyle.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/document/Workspace.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/PageContext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace rr::ui {

QWidget* ModelLossView::create(const PageContext& context)
{
    auto* page = new ModelLossView(&context.state, &context.workspace);
    connect(page, &ModelLossView::modelChanged, &context.requests, &PageRequests::optimizeTargetsChanged);
    return page;
}

void ModelLossView::addOptimizeTargets(QStringList& labels, QStringList& analyses) const
{
    const auto spec = model();
    if (!m_workspace->analysis() || !spec)
        return;
    QStringList predictors;
    for (const auto& p : spec->predictors)
        predictors << QString::fromStdString(p);
    labels << tr("the model of %1 = %2 by %3")
                  .arg(QString::fromStdString(spec->outcome), QString::fromStdString(spec->positive),
                       predictors.join(", "));
    analyses << analysisText();
}
namespace {

// A model of at most this many cells (predictors times outcome) is chosen by default: live while p moves.
constexpr double kDefaultCells = 400;

bool sameModel(const LogitModelSpec& a, const LogitModelSpec& b)
{
    return a.outcome == b.outcome && a.positive == b.positive && a.predictors == b.predictors &&
           a.references == b.references;
}

QString number(double v)
{
    return QString::number(v, 'f', 2).replace('-', QChar(0x2212));
}

QString termLabel(const std::string& term)
{
    if (term == "(intercept)")
        return ModelLossView::tr("Intercept");
    QString t = QString::fromStdString(term);
    const auto eq = t.indexOf('=');
    return eq < 0 ? t : t.left(eq) + " = " + t.mid(eq + 1);
}

QTableWidgetItem* numberItem(const QString& text, double value, double half)
{
    auto* item = new QTableWidgetItem(text);
    item->setData(Qt::UserRole, value);
    item->setData(Qt::UserRole + 1, half);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

ModelLossView::ModelLossView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : QWidget(parent), m_state(state), m_workspace(workspace)
{
    setObjectName("modelLossView");
    m_task = new BackgroundTask(tr("Model from the release"), this);
    QHBoxLayout* controls = buildControls();
    QSplitter* split = buildResults();
    m_status = new QLabel;
    m_status->setObjectName("modelLossStatus");
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connectControls();
}

// "Chance that <outcome> = <value> by <predictors>".
QHBoxLayout* ModelLossView::buildControls()
{
    m_outcome = new QComboBox;
    m_outcome->setObjectName("modelOutcome");
    m_outcome->setAccessibleName(tr("Outcome"));
    m_positive = new QComboBox;
    m_positive->setObjectName("modelPositive");
    m_positive->setAccessibleName(tr("Outcome's value modelled"));
    m_positive->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_positive->setMinimumContentsLength(8);
    m_predictors = new QToolButton;
    m_predictors->setObjectName("modelPredictors");
    m_predictors->setAccessibleName(tr("Predictors"));
    m_predictors->setPopupMode(QToolButton::InstantPopup);
    m_predictors->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_predictors->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed); // the names, whatever their length
    m_predictorMenu = new QMenu(m_predictors);
    m_predictors->setMenu(m_predictorMenu);
    m_predictors->setToolTip(tr("The attributes the model explains the outcome by (each category but the first "
                                "gets a coefficient)"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Chance that")));
    controls->addWidget(m_outcome);
    controls->addWidget(new QLabel(tr("=")));
    controls->addWidget(m_positive);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("by")));
    controls->addWidget(m_predictors, 1);
    return controls;
}

// The coefficients' table over the words that say them.
QSplitter* ModelLossView::buildResults()
{
    m_table = new QTableWidget(0, 4);
    m_table->setObjectName("modelLossTable");
    m_table->setAccessibleName(tr("Coefficients from the data and from the release"));
    m_table->setHorizontalHeaderLabels(
        {tr("Coefficient"), tr("From the data"), tr("From the release"), tr("Range \u00D7")});
    m_table->horizontalHeaderItem(3)->setToolTip(tr("How many times as wide the release's 95% range is"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_words = new QLabel;
    m_words->setObjectName("modelLossWords");
    m_words->setWordWrap(true);
    m_words->setTextFormat(Qt::PlainText);
    m_words->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_words->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_words->setMargin(4);
    auto* words = new QScrollArea;
    words->setWidget(m_words);
    words->setWidgetResizable(true);
    words->setFrameShape(QFrame::NoFrame);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(words);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    return split;
}

// The model's choices, the analysis and p recompute.
void ModelLossView::connectControls()
{
    connect(m_outcome, &QComboBox::activated, this, [this]() {
        fillPositive();
        onModelEdited();
    });
    connect(m_positive, &QComboBox::activated, this, &ModelLossView::onModelEdited);
    connect(m_workspace, &Workspace::analysisReady, this, &ModelLossView::fillChoices);
    connect(m_workspace, &Workspace::analysisCleared, this, &ModelLossView::fillChoices);
    connect(m_state, &AnalysisState::parametersChanged, this, &ModelLossView::refresh);
}

ModelLossView::~ModelLossView()
{
    m_task->shutdown(); // its completions point at this view
}

std::optional<LogitModelSpec> ModelLossView::model() const
{
    if (m_outcome->currentIndex() < 0 || m_positive->currentIndex() < 0)
        return std::nullopt;
    LogitModelSpec spec;
    spec.outcome = m_outcome->currentText().toStdString();
    spec.positive = m_positive->currentText().toStdString();
    spec.predictors = m_chosen;
    if (spec.predictors.empty())
        return std::nullopt;
    return spec;
}

QString ModelLossView::analysisText() const
{
    const auto spec = model();
    if (!spec)
        return {};
    QStringList predictors;
    for (const auto& p : spec->predictors)
        predictors << QString::fromStdString(p);
    return QString("regress:%1=%2~%3")
        .arg(QString::fromStdString(spec->outcome), QString::fromStdString(spec->positive), predictors.join(','));
}

void ModelLossView::setModel(const LogitModelSpec& spec)
{
    m_filling = true;
    const int o = m_outcome->findText(QString::fromStdString(spec.outcome));
    if (o >= 0)
        m_outcome->setCurrentIndex(o);
    fillPositive();
    const int v = m_positive->findText(QString::fromStdString(spec.positive));
    if (v >= 0)
        m_positive->setCurrentIndex(v);
    fillPredictors(spec.predictors);
    m_filling = false;
    onModelEdited();
}

void ModelLossView::fillChoices()
{
    const auto previous = model();
    const auto a = m_workspace->analysis();
    m_filling = true;
    m_outcome->clear();
    if (a)
        for (const auto& n : a->names)
            m_outcome->addItem(QString::fromStdString(n));
    m_filling = false;
    m_model.reset();
    if (a && previous && m_outcome->findText(QString::fromStdString(previous->outcome)) >= 0)
        setModel(*previous);
    else
        defaultModel();
}

// The sensitive attribute's commonest value by the QIs with the fewest categories, while the model stays small.
void ModelLossView::defaultModel()
{
    const auto a = m_workspace->analysis();
    if (!a) {
        fillPositive();
        fillPredictors({});
        onModelEdited();
        return;
    }
    LogitModelSpec spec;
    const int s = a->sensitiveAxis();
    spec.outcome = a->names[static_cast<std::size_t>(s)];
    const Eigen::VectorXd counts = a->joint.marginal({s}).counts();
    Eigen::Index top = 0;
    counts.maxCoeff(&top);
    spec.positive = a->categories[static_cast<std::size_t>(s)][static_cast<std::size_t>(top)];
    std::vector<int> qis(static_cast<std::size_t>(s));
    for (int i = 0; i < s; ++i)
        qis[static_cast<std::size_t>(i)] = i;
    std::stable_sort(qis.begin(), qis.end(), [&](int x, int y) { return a->dims[std::size_t(x)] < a->dims[std::size_t(y)]; });
    double cells = a->dims[static_cast<std::size_t>(s)];
    for (int q : qis)
        if (spec.predictors.size() < 2 && cells * a->dims[static_cast<std::size_t>(q)] <= kDefaultCells) {
            cells *= a->dims[static_cast<std::size_t>(q)];
            spec.predictors.push_back(a->names[static_cast<std::size_t>(q)]);
        }
    if (spec.predictors.empty() && !qis.empty())
        spec.predictors.push_back(a->names[static_cast<std::size_t>(qis.front())]);
    setModel(spec);
}

void ModelLossView::fillPositive()
{
    const auto a = m_workspace->analysis();
    const QString before = m_positive->currentText();
    m_positive->clear();
    if (!a || m_outcome->currentIndex() < 0)
        return;
    for (const auto& c : a->categories[static_cast<std::size_t>(m_outcome->currentIndex())])
        m_positive->addItem(QString::fromStdString(c));
    m_positive->setCurrentIndex(std::max(0, m_positive->findText(before)));
    fillPredictors({});
}

// Every analysed attribute but the outcome, checked when chosen: `chosen`, or (empty) those chosen before.
void ModelLossView::fillPredictors(const std::vector<std::string>& chosen)
{
    const auto a = m_workspace->analysis();
    const std::vector<std::string> names = a ? a->names : std::vector<std::string>{};
    const std::string outcome = m_outcome->currentText().toStdString();
    std::vector<std::string> kept;
    for (const auto& c : chosen.empty() ? m_chosen : chosen)
        if (c != outcome && std::find(names.begin(), names.end(), c) != names.end() &&
            std::find(kept.begin(), kept.end(), c) == kept.end())
            kept.push_back(c);
    m_chosen = kept;
    m_predictorMenu->clear();
    for (const auto& n : names) {
        if (n == outcome)
            continue;
        QAction* action = m_predictorMenu->addAction(QString::fromStdString(n));
        action->setCheckable(true);
        action->setChecked(std::find(m_chosen.begin(), m_chosen.end(), n) != m_chosen.end());
        connect(action, &QAction::toggled, this, [this, n](bool on) {
            const auto it = std::find(m_chosen.begin(), m_chosen.end(), n);
            if (on && it == m_chosen.end())
                m_chosen.push_back(n);
            else if (!on && it != m_chosen.end())
                m_chosen.erase(it);
            onModelEdited();
        });
    }
    updatePredictorsText();
}

void ModelLossView::updatePredictorsText()
{
    QStringList names;
    for (const auto& c : m_chosen)
        names << QString::fromStdString(c);
    m_predictors->setText(names.isEmpty() ? tr("choose predictors") : names.join(", "));
}

void ModelLossView::onModelEdited()
{
    if (m_filling)
        return;
    updatePredictorsText();
    emit modelChanged();
    m_dirty = true;
    refresh();
}

void ModelLossView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        compute();
}

void ModelLossView::refresh()
{
    m_dirty = true;
    if (isVisible())
        compute(); // a hidden page catches up when shown (a slider step pays for the page on screen only)
}

void ModelLossView::compute()
{
    const auto analysis = m_workspace->analysis();
    const auto spec = model();
    m_dirty = false;
    if (!analysis || !spec) {
        m_task->cancel();
        showProblem(analysis ? tr("Choose at least one predictor.") : tr("Open a table and choose roles first."));
        return;
    }
    const std::vector<double> p = m_workspace->effectiveP();
    std::shared_ptr<const ModelLossModel> cached;
    if (m_model && m_modelAnalysis.lock() == analysis && sameModel(m_model->spec, *spec))
        cached = m_model;
    m_task->start([this, analysis, spec = *spec, p, cached](TaskControl&) -> BackgroundTask::Completion {
        try {
            auto model = cached ? cached
                                : std::make_shared<const ModelLossModel>(
                                      prepareModelLoss(spec, analysis->names, analysis->categories, analysis->joint));
            auto loss = std::make_shared<const ModelLoss>(modelLossAt(*model, p));
            return [this, analysis, model, loss]() {
                if (analysis != m_workspace->analysis())
                    return;
                m_model = model;
                m_modelAnalysis = analysis;
                show(loss, model);
            };
        } catch (const std::exception& e) {
            return [this, message = QString::fromStdString(e.what())]() { showProblem(message); };
        }
    });
}

void ModelLossView::show(std::shared_ptr<const ModelLoss> loss, std::shared_ptr<const ModelLossModel> model)
{
    m_result = std::move(loss);
    m_table->setRowCount(static_cast<int>(m_result->rows.size()));
    QStringList sentences;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const CoefficientLoss& row = m_result->rows[static_cast<std::size_t>(r)];
        m_table->setItem(r, 0, new QTableWidgetItem(termLabel(row.term)));
        m_table->setItem(r, 1, numberItem(number(row.original) + " \u00B1 " + number(row.originalHalf), row.original,
                                          row.originalHalf));
        m_table->setItem(r, 2, numberItem(number(row.release) + " \u00B1 " + number(row.releaseHalf), row.release,
                                          row.releaseHalf));
        m_table->setItem(r, 3, numberItem(QString::number(row.widthRatio, 'f', 2), row.widthRatio, 0));
        sentences << sentence(row);
        m_table->item(r, 0)->setToolTip(sentences.back());
    }
    m_words->setText(sentences.join('\n'));
    // The table no taller than its rows: the sentences get the rest of the page.
    m_table->setMaximumHeight(m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() +
                              m_table->rowCount() * m_table->verticalHeader()->defaultSectionSize() + 2);
    QStringList references; // each predictor's category without a coefficient
    const LogitTerms& terms = model->original.terms;
    const auto& categories = m_workspace->analysis()->categories;
    for (std::size_t k = 0; k < terms.dims.size(); ++k)
        references << QString::fromStdString(model->spec.predictors[k]) + " = " +
                          QString::fromStdString(categories[static_cast<std::size_t>(model->axes[k])]
                                                           [static_cast<std::size_t>(terms.reference[k])]);
    QString status = tr("%1 = %2: each coefficient is the change of its log odds against %3. From the data: the "
                        "model fitted to the original records. From the release: fitted to what a release of %4 "
                        "records at the current p is expected to show. \u00B1: the 95% range.")
                         .arg(QString::fromStdString(model->spec.outcome), QString::fromStdString(model->spec.positive),
                              references.join(", "), style::count(m_result->n));
    if (!m_result->fitted)
        status += tr(" The fit to the counts such a release is expected to show refuses (%1): the data's "
                     "coefficients stand in for the release's, with the ranges a release at p gives.")
                      .arg(QString::fromStdString(m_result->fitProblem));
    else if (!m_result->converged)
        status += tr(" The release's fit did not converge: its last estimates are shown.");
    m_status->setText(status);
    emit computed();
}

void ModelLossView::showProblem(const QString& message)
{
    m_result.reset();
    m_table->setRowCount(0);
    m_words->clear();
    m_status->setText(message);
    emit computed();
}

QString ModelLossView::sentence(const CoefficientLoss& row) const
{
    return tr("%1: %2 from the data, %3 \u00B1 %4 from the release, an interval %5 times as wide")
        .arg(termLabel(row.term), number(row.original), number(row.release), number(row.releaseHalf),
             QString::number(row.widthRatio, 'f', 1));
}

} // namespace rr::ui
