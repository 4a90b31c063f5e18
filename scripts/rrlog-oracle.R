# RRreg's RRlog (Heck & Moshagen 2018) on a released count table, for the fixtures of tests/python/test_models.py:
#   Rscript scripts/rrlog-oracle.R COUNTS.csv OUTCOME POSITIVE P PREDICTOR,... > FIXTURE.json
# COUNTS.csv has the predictors, the (Warner-randomized, binary) outcome and a count column n. Its records are
# expanded (RRlog reads records), each factor's levels in the file's order of first appearance, so that the first
# is the reference as in `rr-explorer-cli regress`. Needs R with RRreg (CRAN; Debian: r-base-core,
# r-cran-doparallel, r-cran-foreach, r-cran-lme4, then `R CMD INSTALL` RRreg's source package).
suppressPackageStartupMessages(library(RRreg))
args <- commandArgs(trailingOnly = TRUE)
counts <- read.csv(args[1], colClasses = "character", check.names = FALSE)
outcome <- args[2]; positive <- args[3]; p <- as.numeric(args[4])
predictors <- strsplit(args[5], ",")[[1]]
records <- counts[rep(seq_len(nrow(counts)), as.integer(counts$n)), , drop = FALSE]
data <- data.frame(y = as.integer(records[[outcome]] == positive))
for (v in predictors) data[[make.names(v)]] <- factor(records[[v]], levels = unique(counts[[v]]))
formula <- as.formula(paste("y ~", paste(make.names(predictors), collapse = " + ")))
set.seed(44)
fit <- RRlog(formula, data = data, model = "Warner", p = p, LR.test = FALSE, fit.n = 3)
terms <- "(intercept)"
for (v in predictors) {
  lv <- levels(data[[make.names(v)]])
  terms <- c(terms, paste0(v, "=", lv[-1]))
}
se <- sqrt(diag(fit$vcov))
# RRlog stops where optim's L-BFGS-B does (factr = 1e7: a relative change of 2e-9 in the log-likelihood, about 1e-4
# in the coefficients): its own log-likelihood (RRreg:::RRlog.loglik) maximized further by BFGS with the exact
# gradient, and the standard errors from optimHess there, as RRlog computes its own.
X <- model.matrix(formula, data)
ll <- function(b) RRreg:::RRlog.loglik(b, X = X, y = data$y, model = "Warner", prand = p,
                                       group = rep(1, nrow(X)), n.response = rep(1, nrow(X)))
gr <- function(b) {
  s <- as.vector(1 / (1 + exp(-X %*% b)))
  p1 <- (1 - p) + (2 * p - 1) * s
  as.vector(t(X) %*% ((data$y / p1 - (1 - data$y) / (1 - p1)) * (2 * p - 1) * s * (1 - s)))
}
ref <- optim(fit$coefficients, ll, gr, method = "BFGS", control = list(fnscale = -1, reltol = 1e-16, maxit = 10000))
se_ref <- sqrt(diag(solve(-optimHess(ref$par, ll, gr))))
coefs <- function(b, s) paste0('    {"term": "', terms, '", "estimate": ', sprintf("%.15g", b), ', "se": ',
                               sprintf("%.15g", s), '}', collapse = ",\n")
json <- paste0('{\n  "source": "RRreg ', as.character(packageVersion("RRreg")), ' RRlog, model = \\"Warner\\", p = ', p,
               ', fit.n = 3",\n  "n": ', nrow(data), ',\n  "logLik": ', sprintf("%.15g", fit$logLik),
               ',\n  "coefficients": [\n', coefs(fit$coefficients, se), '\n  ],\n  "refined": {\n    "logLik": ',
               sprintf("%.15g", ref$value), ', "convergence": ', ref$convergence, ',\n    "coefficients": [\n  ',
               gsub("\n", "\n  ", coefs(ref$par, se_ref), fixed = TRUE), '\n    ]\n  }\n}\n')
cat(json)
