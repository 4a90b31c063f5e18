#include "ui/panels/ParameterPanel.h"

#include "core/analysis/Retention.h"
#include "core/distortion/DistortionMatrix.h"
#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/session/AnalysisState.h"
#include "ui/texts/EpsilonText.h"
#include "ui/session/ViewResolution.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QGridLayout>
#include <QGroupBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QHBoxLayout>
#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rr::ui {
namespace {

// A wrapped label asks the height of its text at its width: in the panel's grid a line that wrapped at a narrow
// dock kept one line's height and cut the \u2016P\u207B\u00B9\u2016\u00B2_F value below it (issue 45).
class WrappedHeight : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (auto* label = qobject_cast<QLabel*>(watched);
            label && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange)) {
            const int high = label->heightForWidth(label->width());
            if (high > 0 && high != label->minimumHeight())
                label->setMinimumHeight(high);
        }
        return false;
    }
};
int toTicks(double p)
{
    return static_cast<int>(std::lround(p * 1000.0));
}

// A spin box's line edit claims Ctrl+Z and Ctrl+Shift+Z for its own text (ShortcutOverride), so the window's
// Undo did nothing while the cursor was in a p box (issue 45). The value a box commits is the state's, whose
// undo stack is the one to step: the filter leaves those keys to the window's Undo and Redo.
class UndoKeysToWindow : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ShortcutOverride) {
            auto* key = static_cast<QKeyEvent*>(event);
            if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
                event->ignore();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

void routeUndoKeysToWindow(QAbstractSpinBox* box)
{
    auto* filter = new UndoKeysToWindow(box);
    box->installEventFilter(filter);
    if (auto* edit = box->findChild<QLineEdit*>())
        edit->installEventFilter(filter);
}
} // namespace

ParameterPanel::ParameterPanel(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : QWidget(parent), m_state(state), m_workspace(workspace)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);

    layout->addLayout(buildModeRow());
    m_rowsHost = new QWidget;
    m_grid = new QGridLayout(m_rowsHost);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(6);
    m_grid->setVerticalSpacing(1);
    m_grid->setColumnStretch(1, 1);
    layout->addWidget(m_rowsHost);

    layout->addLayout(buildTargetRow());
    layout->addLayout(buildReidentificationRow());
    layout->addLayout(buildOptimizeForRow());
    layout->addLayout(buildButtonRow());
    m_riskLabel = new QLabel;
    m_riskLabel->setWordWrap(true);
    m_riskLabel->setObjectName("riskLabel");
    layout->addWidget(m_riskLabel);
    layout->addStretch();

    connectControls();
    rebuild();
}

// "Randomize:" RR-QI, RR-S or RR-Both.
QHBoxLayout* ParameterPanel::buildModeRow()
{
    auto* modeBox = new QHBoxLayout;
    modeBox->addWidget(new QLabel(tr("Randomize:")));
    m_modes = new QButtonGroup(this);
    const RandomizationMode modes[3] = {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both};
    const QString tips[3] = {tr("RR-QI: randomize the quasi-identifiers only (003 Sec. 5.2.3)"),
                             tr("RR-S: randomize the sensitive attribute only"),
                             tr("RR-Both: randomize quasi-identifiers and the sensitive attribute")};
    for (int i = 0; i < 3; ++i) {
        m_modeButtons[i] = new QRadioButton(style::modeName(modes[i]));
        m_modeButtons[i]->setToolTip(tips[i]);
        m_modes->addButton(m_modeButtons[i], static_cast<int>(modes[i]));
        modeBox->addWidget(m_modeButtons[i]);
    }
    modeBox->addStretch();
    return modeBox;
}

// "Target l:" and tau = 1/l.
QHBoxLayout* ParameterPanel::buildTargetRow()
{
    auto* target = new QHBoxLayout;
    target->addWidget(new QLabel(tr("Target l:")));
    m_l = new QSpinBox;
    m_l->setRange(1, 100);
    m_l->setAccessibleName(tr("Target l"));
    m_l->setToolTip(tr("Attribute disclosure limit: max over records of Pr(S_r | QI_r) <= tau = 1/l"));
    target->addWidget(m_l);
    target->addWidget(new QLabel(tr("\u03C4 =")));
    m_tau = new QDoubleSpinBox;
    m_tau->setDecimals(3);
    m_tau->setAccessibleName(tr("Risk bound τ = 1/l"));
    m_tau->setRange(0.001, 1.0);
    m_tau->setSingleStep(0.01);
    m_tau->setKeyboardTracking(false);
    target->addWidget(m_tau);
    target->addStretch();
    return target;
}

// A second bound for Optimize: the largest re-identification risk of a record (the Risk step's panel).
QHBoxLayout* ParameterPanel::buildReidentificationRow()
{
    auto* reid = new QHBoxLayout;
    reid->addWidget(new QLabel(tr("Re-identification ≤")));
    m_reidentification = new QDoubleSpinBox;
    m_reidentification->setObjectName("maxReidentification");
    m_reidentification->setAccessibleName(tr("Largest re-identification risk for Optimize"));
    m_reidentification->setDecimals(3);
    m_reidentification->setRange(0.0, 1.0);
    m_reidentification->setSingleStep(0.05);
    m_reidentification->setSpecialValueText(tr("no bound"));
    m_reidentification->setKeyboardTracking(false);
    m_reidentification->setToolTip(tr("Optimize also keeps every record's re-identification risk (the chance that an "
                                      "attacker who knows its quasi-identifiers picks its released record) at most "
                                      "this. 0: no bound. ARX's default threshold is 0.2."));
    reid->addWidget(m_reidentification);
    reid->addStretch();
    for (QAbstractSpinBox* box : {static_cast<QAbstractSpinBox*>(m_l), static_cast<QAbstractSpinBox*>(m_tau),
                                  static_cast<QAbstractSpinBox*>(m_reidentification)})
        routeUndoKeysToWindow(box);
    return reid;
}

// Optimize for: 003's utility loss, or one analysis (the Utility step's table or model).
QHBoxLayout* ParameterPanel::buildOptimizeForRow()
{
    auto* forRow = new QHBoxLayout;
    auto* forLabel = new QLabel(tr("Optimize for:"));
    m_optimizeFor = new QComboBox;
    m_optimizeFor->setObjectName("optimizeFor");
    m_optimizeFor->setAccessibleName(tr("What Optimize minimizes"));
    m_optimizeFor->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_optimizeFor->setMinimumContentsLength(12);
    m_optimizeFor->setToolTip(tr("The least utility loss (the product of ||P_i^-1||_F^2, 003 Problem 1), or this "
                                 "analysis: the smallest expected variance of its estimates from the release "
                                 "(optimize --for), under the same risk bound"));
    m_optimizeFor->addItem(tr("the least utility loss"), QString());
    forLabel->setBuddy(m_optimizeFor);
    forRow->addWidget(forLabel);
    forRow->addWidget(m_optimizeFor, 1);
    return forRow;
}

// Optimize and Reset.
QHBoxLayout* ParameterPanel::buildButtonRow()
{
    auto* buttons = new QHBoxLayout;
    m_optimize = new QPushButton(QIcon(":/icons/optimize.svg"), tr("Optimize"));
    m_optimize->setToolTip(tr("Find the p with the least utility loss whose max risk is at most \u03C4 "
                              "(003 Problem 1, Result 16) for the current mode"));
    m_reset = new QPushButton(QIcon(":/icons/reset.svg"), tr("Reset"));
    m_reset->setToolTip(tr("Set every p back to 1 (no randomization)"));
    buttons->addWidget(m_optimize);
    buttons->addWidget(m_reset);
    buttons->addStretch();
    return buttons;
}

// The mode, bounds and buttons to the state; the workspace's analysis and live frames to the rows.
void ParameterPanel::connectControls()
{
    connect(m_modes, &QButtonGroup::idClicked, this,
            [this](int id) { m_state->setMode(static_cast<RandomizationMode>(id)); });
    connect(m_l, &QSpinBox::valueChanged, this, [this](int l) {
        if (!m_syncing && l >= 1)
            m_state->setTau(1.0 / l);
    });
    connect(m_tau, &QDoubleSpinBox::valueChanged, this, [this](double t) {
        if (!m_syncing)
            m_state->setTau(t);
    });
    connect(m_reidentification, &QDoubleSpinBox::valueChanged, this, [this](double bound) {
        if (m_syncing)
            return;
        ViewChoices v = m_state->view();
        v.maxReidentification = bound;
        m_state->setView(v);
    });
    connect(m_state, &AnalysisState::viewChanged, this, [this]() {
        const QSignalBlocker block(m_reidentification);
        m_reidentification->setValue(m_state->view().maxReidentification);
    });
    connect(m_optimize, &QPushButton::clicked, this, &ParameterPanel::optimizeRequested);
    connect(m_optimizeFor, &QComboBox::currentIndexChanged, this, [this]() { emit optimizeForChanged(optimizeFor()); });
    connect(m_reset, &QPushButton::clicked, m_state, &AnalysisState::resetParameters);
    connect(m_state, &AnalysisState::parametersChanged, this, &ParameterPanel::syncFromState);
    connect(m_workspace, &Workspace::analysisReady, this, [this]() {
        m_analysis = m_workspace->analysis();
        m_several = m_workspace->several();
        rebuild();
    });
    connect(m_workspace, &Workspace::analysisCleared, this, [this]() {
        m_analysis.reset();
        m_several.reset();
        rebuild();
    });
    connect(m_workspace, &Workspace::liveUpdated, this, [this](std::shared_ptr<const Frame> r) { showLive(*r); });
}

QSlider* ParameterPanel::slider(const QString& attribute) const
{
    const auto it = m_rows.find(attribute);
    return it == m_rows.end() ? nullptr : it->second.slider;
}

QDoubleSpinBox* ParameterPanel::spinBox(const QString& attribute) const
{
    const auto it = m_rows.find(attribute);
    return it == m_rows.end() ? nullptr : it->second.spin;
}

QLabel* ParameterPanel::infoLabel(const QString& attribute) const
{
    const auto it = m_rows.find(attribute);
    return it == m_rows.end() ? nullptr : it->second.info;
}

void ParameterPanel::rebuild()
{
    for (auto& [name, row] : m_rows) {
        delete row.name;
        delete row.slider;
        delete row.spin;
        delete row.info;
    }
    m_rows.clear();
    m_optimize->setEnabled(static_cast<bool>(m_analysis));
    m_reset->setEnabled(static_cast<bool>(m_analysis));
    if (!m_analysis) {
        m_riskLabel->setText(tr("No analysis yet."));
        return;
    }
    // One row per attribute p applies to: the views' table, or with several sensitive attributes every attribute
    // of theirs (what attackers know included, issue 22).
    const PreparedTable& table = m_several ? m_several->all : *m_analysis;
    const std::vector<char> targets =
        m_several ? randomizedInMode(*m_several, RandomizationMode::S) : std::vector<char>{};
    const std::size_t qis = m_analysis->spec.quasiIdentifiers.size();
    for (int axis = 0; axis < static_cast<int>(table.names.size()); ++axis) {
        const auto k = static_cast<std::size_t>(axis);
        const QString name = QString::fromStdString(table.names[k]);
        const int d = table.dims[k];
        const bool sensitive = m_several ? targets[k] != 0 : axis == m_analysis->sensitiveAxis();
        const QString role = sensitive ? tr("S") : k < qis ? tr("QI") : tr("known");
        Row row = makeRow(name, role, d, axis);
        const int r = 2 * axis;
        m_grid->addWidget(row.name, r, 0);
        m_grid->addWidget(row.slider, r, 1);
        m_grid->addWidget(row.spin, r, 2);
        m_grid->addWidget(row.info, r + 1, 0, 1, 3);
        connectRow(row, name, d);
        m_rows.emplace(name, row);
    }
    syncFromState();
}

// One attribute's widgets: its name, the p slider and box, and the info line below them.
ParameterPanel::Row ParameterPanel::makeRow(const QString& name, const QString& role, int d, int axis)
{
    Row row;
    row.d = d;
    row.axis = axis;
    row.name = new QLabel(tr("<b>%1</b> <small>%2, d=%3</small>").arg(name.toHtmlEscaped(), role).arg(d));
    row.slider = new QSlider(Qt::Horizontal);
    row.slider->setRange(toTicks(minimumRetention(d)), 1000);
    row.slider->setPageStep(20);
    row.slider->setObjectName("slider_" + name);
    row.slider->setAccessibleName(tr("Retention probability p of %1").arg(name));
    row.slider->setToolTip(tr("Retention probability p of %1: a value is kept with probability p, otherwise "
                              "replaced by one of the other %2 categories (Warner, 003 eq. 5.2). Range (1/%3, 1].")
                               .arg(name)
                               .arg(d - 1)
                               .arg(d));
    row.spin = new QDoubleSpinBox;
    row.spin->setDecimals(3);
    row.spin->setRange(0.0, 1.0); // a typed p at or below 1/d is corrected with a message, not ignored
    row.spin->setSingleStep(0.001);
    row.spin->setKeyboardTracking(false);
    row.spin->setObjectName("spin_" + name);
    row.spin->setAccessibleName(tr("Retention probability p of %1").arg(name));
    routeUndoKeysToWindow(row.spin);
    row.info = new QLabel;
    row.info->setStyleSheet("color: #555;");
    row.info->setTextFormat(Qt::RichText);
    row.info->setWordWrap(true); // epsilon's band must not widen the panel at 1024 px
    row.info->installEventFilter(new WrappedHeight(row.info));
    QFont small = row.info->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    row.info->setFont(small);
    return row;
}

// A row's slider and box set the state's p (a typed p at or below 1/d corrected, with a message).
void ParameterPanel::connectRow(const Row& row, const QString& name, int d)
{
    const std::string key = name.toStdString();
    connect(row.slider, &QSlider::sliderPressed, this, [this]() {
        ++m_gesture;
        m_state->setAdjusting(true);
    });
    connect(row.slider, &QSlider::sliderReleased, this, [this]() { m_state->setAdjusting(false); });
    connect(row.slider, &QSlider::valueChanged, this, [this, key, s = row.slider](int v) {
        if (!m_syncing)
            m_state->setRetention(key, v / 1000.0, s->isSliderDown() ? m_gesture : -1);
    });
    connect(row.spin, &QDoubleSpinBox::valueChanged, this, [this, key, d, spin = row.spin](double v) {
        if (m_syncing)
            return;
        const double p = clampRetention(d, v);
        if (p != v) {
            m_syncing = true;
            spin->setValue(p);
            m_syncing = false;
            emit retentionCorrected(tr("p(%1) = %2 is not above 1/d = 1/%3 (a randomization that keeps nothing of "
                                       "the value); set to %4, the smallest allowed.")
                                        .arg(QString::fromStdString(key))
                                        .arg(v, 0, 'f', 3)
                                        .arg(d)
                                        .arg(p, 0, 'f', 3));
        }
        m_state->setRetention(key, p);
    });
}

void ParameterPanel::setRowValue(Row& row, double p, bool enabled)
{
    if (row.shown == p && row.enabled == enabled)
        return;
    row.shown = p;
    row.enabled = enabled;
    row.slider->setValue(toTicks(p));
    row.spin->setValue(p);
    row.slider->setEnabled(enabled);
    row.spin->setEnabled(enabled);
    const double q = DistortionMatrix::warner(row.d, p).q();
    const double eps = warnerEpsilon(row.d, p);
    const double frob = warnerInverseFrobeniusSquared(row.d, p);
    row.info->setText(
        tr("q = %1 &nbsp; \u03B5 = %2 &nbsp; \u2016P<sup>\u2212" "1</sup>\u2016<sup>2</sup><sub>F</sub> = %3")
            .arg(q, 0, 'f', 4)
            .arg(epsilonWithBand(eps))
            .arg(frob, 0, 'g', 4));
    row.info->setToolTip(epsilonMeaning(epsilonGuidance(eps), false) + "\n\n" +
                         tr("q = (1-p)/(d-1): probability of each other category; \u03B5 = ln(p(d-1)/(1-p)): local "
                            "differential privacy; \u2016P\u207B\u00B9\u2016\u00B2_F: this attribute's factor of the "
                            "utility loss (003 Lemma 5)"));
}

void ParameterPanel::syncFromState()
{
    m_syncing = true;
    if (QAbstractButton* b = m_modes->button(static_cast<int>(m_state->mode())))
        b->setChecked(true);
    const double l = 1.0 / m_state->tau();
    if (m_shownTau != m_state->tau()) {
        m_shownTau = m_state->tau();
        m_l->setValue(static_cast<int>(std::lround(l)));
        m_l->setSuffix(std::abs(l - std::round(l)) < 1e-9 ? QString() : tr(" (\u2248)"));
        m_tau->setValue(m_state->tau());
    }
    m_reidentification->setValue(m_state->view().maxReidentification);
    if (m_several) {
        const auto p = retentionsInMode(*m_several, m_state->mode(), m_state->retentions());
        const auto randomized = randomizedInMode(*m_several, m_state->mode());
        for (auto& [name, row] : m_rows)
            setRowValue(row, p[static_cast<std::size_t>(row.axis)], randomized[static_cast<std::size_t>(row.axis)]);
    } else if (m_analysis) {
        const auto p = effectiveRetentions(*m_analysis, *m_state);
        for (auto& [name, row] : m_rows)
            setRowValue(row, p[static_cast<std::size_t>(row.axis)],
                        isRandomized(m_state->mode(), row.axis, m_analysis->axisCount()));
    }
    m_syncing = false;
}

void ParameterPanel::showLive(const Frame& r)
{
    // With several sensitive attributes, each record's largest risk over them (issue 22).
    const auto& s = r.several ? r.several->overall : r.risk.summary;
    const bool ok = meetsThreshold(s.maxRisk, r.risk.tau);
    m_riskLabel->setText(tr("<b>Max risk %1</b> %2 \u03C4 = %3 \u2014 %4 records above \u03C4<br>"
                            "Utility loss tr \u03A3 = %5, objective "
                            "\u220F\u2016P<sub>i</sub><sup>\u2212" "1</sup>\u2016<sup>2</sup><sub>F</sub> = %6")
                             .arg(s.maxRisk, 0, 'f', 4)
                             .arg(ok ? QStringLiteral("\u2264") : QStringLiteral("&gt;"))
                             .arg(r.risk.tau, 0, 'f', 4)
                             .arg(style::count(s.recordsOverTau))
                             .arg(r.traceCovariance, 0, 'g', 3)
                             .arg(r.objective, 0, 'g', 4));
    m_riskLabel->setStyleSheet(ok ? "color: #1a7f37;" : "color: #b03a00;");
}

void ParameterPanel::setAnalyses(const QStringList& labels, const QStringList& analyses)
{
    const int chosen = m_optimizeFor->currentIndex();
    const QString before = optimizeFor();
    {
        const QSignalBlocker block(m_optimizeFor);
        while (m_optimizeFor->count() > 1)
            m_optimizeFor->removeItem(1);
        for (qsizetype i = 0; i < labels.size() && i < analyses.size(); ++i)
            if (!analyses[i].isEmpty())
                m_optimizeFor->addItem(tr("this analysis: %1").arg(labels[i]), analyses[i]);
        m_optimizeFor->setCurrentIndex(chosen < m_optimizeFor->count() ? std::max(0, chosen) : 0);
    }
    if (optimizeFor() != before)
        emit optimizeForChanged(optimizeFor());
}

QString ParameterPanel::optimizeFor() const
{
    return m_optimizeFor->currentData().toString();
}

} // namespace rr::ui
