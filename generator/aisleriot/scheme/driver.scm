;;; The harness's side of the pipe: reads one command (a datum) per line on stdin and
;;; answers with one JSON line on stdout. It drives a compiled Aisleriot game the way the
;;; app's C code does (start-game, record-move / end-move / discard-move, the game's
;;; lambdas) and never evaluates code it is sent.

(use-modules (aisleriot interface) (aisleriot api) (ice-9 format) (ice-9 rdelim) (srfi srfi-1))

(define iface (resolve-module '(aisleriot interface)))
(define api (resolve-module '(aisleriot api)))
(define (iface-ref name) (module-ref iface name))
(define (lambda-ref name) ((iface-ref 'lambda-ref) name))
(define game-module #f)

;;; JSON out: numbers, strings, booleans, symbols (as strings), lists (as arrays).
(define (write-json x)
  (cond ((eq? x #t) (display "true"))
        ((eq? x 'null) (display "null"))
        ((eq? x #f) (display "false"))
        ((null? x) (display "[]"))
        ((exact-integer? x) (display x))
        ((real? x) (display (exact->inexact x)))
        ((string? x) (write-json-string x))
        ((symbol? x) (write (symbol->string x)))
        ((list? x)
         (display "[")
         (let loop ((items x) (first #t))
           (unless (null? items)
             (unless first (display ","))
             (write-json (car items))
             (loop (cdr items) #f)))
         (display "]"))
        (else (write (object->string x)))))

(define (write-json-string text)
  (display "\"")
  (string-for-each
   (lambda (c)
     (cond ((memv c '(#\" #\\)) (display "\\") (display c))
           ((char<? c #\space) (format #t "\\u~4,'0x" (char->integer c)))
           (else (display c))))
   text)
  (display "\""))

;;; Cards on the wire are Helpdeck ints: suit * 13 + value - 1, plus 64 when face down.
;;; A game that calls set-ace-high gives its Aces the value 14 (api's `ace`): on the wire
;;; they are Aces all the same.
(define (ace-value) (module-ref api 'ace))
(define (card->int card)
  (let ((value (if (= (car card) 14) 1 (car card))))
    (+ (* 13 (cadr card)) (- value 1) (if (caddr card) 0 64))))
(define (int->card n)
  (let* ((c (logand n 63))
         (value (+ 1 (remainder c 13))))
    (list (if (= value 1) (ace-value) value) (quotient c 13) (< n 64))))
;; Slots hold their top card first; the wire lists a pile bottom first.
(define (slot-ints id) (reverse (map card->int (get-cards id))))

(define (in-game thunk)
  (save-module-excursion (lambda () (set-current-module game-module) (thunk))))

;;; Snapshots: every slot plus every non-procedure variable of api and the game module,
;;; so a trial action can be taken back without relying on the game's own undo.
(define (module-values module)
  (let ((out '()))
    (module-for-each
     (lambda (name var)
       (when (variable-bound? var)
         (let ((value (variable-ref var)))
           (unless (or (procedure? value) (macro? value))
             (set! out (cons (list name var (copy-tree value)) out))))))
     module)
    out))
(define (snapshot)
  (list (map (lambda (id) (cons id (get-cards id))) ((iface-ref 'slot-ids)))
        (module-values api)
        (module-values game-module)))
(define (restore! snap)
  ((iface-ref 'clear-delayed-calls))
  (for-each (lambda (entry) (set-cards-c! (car entry) (cdr entry))) (car snap))
  (for-each (lambda (entry) (variable-set! (cadr entry) (copy-tree (caddr entry))))
            (append (cadr snap) (caddr snap))))

(define (changes-since snap)
  (filter-map (lambda (entry)
                (and (not (equal? (get-cards (car entry)) (cdr entry)))
                     (list (car entry) (slot-ints (car entry)))))
              (car snap)))

;;; After every move the C side asks the game-over callback, and the winning one when the game
;;; cannot go on (game.c's test_end_of_game). Some games keep their score there: Giant's
;;; game-won sets it, so the score after a move is the one the player sees only after this.
(define (test-end-of-game!)
  (unless (call-lambda 'game-over)
    (call-lambda 'winning-game)))

;;; Actions, each as the C side performs it. Each returns #t when the game accepted it.
(define (call-lambda name . args)
  (let ((proc (lambda-ref name)))
    (and proc (apply proc args))))

(define (drag! from n to)
  (let* ((cards (get-cards from))
         (moving (list-head cards n)))
    (and (call-lambda 'button-pressed from moving)
         (begin
           ;; Drag start: the app records the move, then lifts the cards off the slot.
           (record-move from cards)
           (set-cards-c! from (list-tail cards n))
           (if (call-lambda 'button-released from moving to)
               (begin ((iface-ref 'run-delayed-calls)) (end-move) (test-end-of-game!) #t)
               (begin (set-cards-c! from cards) (discard-move) #f))))))

(define (droppable? from n to)
  (let* ((cards (get-cards from))
         (moving (list-head cards n)))
    (and (lambda-ref 'droppable)
         (call-lambda 'button-pressed from moving)
         (begin
           (set-cards-c! from (list-tail cards n))
           (let ((answer (call-lambda 'droppable from moving to)))
             (set-cards-c! from cards)
             (and answer #t))))))

(define (click! name id)
  (record-move -1 '())
  (if (call-lambda name id)
      (begin ((iface-ref 'run-delayed-calls)) (end-move) (test-end-of-game!) #t)
      (begin (discard-move) #f)))

(define (status)
  (list (list "won" (and (call-lambda 'winning-game) #t))
        (list "continuable" (and (call-lambda 'game-over) #t))
        (list "score" (get-score))
        (list "hint" (object->string (call-lambda 'hint)))
        (list "dealable" (if (lambda-ref 'dealable) (and (call-lambda 'dealable) #t) 'null))))

;;; Try one action from the current position and put the position back.
(define (trial snap thunk)
  (catch #t
      (lambda ()
        (let* ((accepted (thunk))
               (result (list accepted (changes-since snap) (get-score))))
          (restore! snap)
          result))
      (lambda (key . args)
        (restore! snap)
        (list 'error (object->string (cons key args)) 0))))

(define (probe)
  (let ((ids ((iface-ref 'slot-ids)))
        (snap (snapshot))
        (pressed '())
        (drops '())
        (clicks '()))
    (for-each
     (lambda (from)
       (let ((size (length (get-cards from))))
         (do ((n 1 (+ n 1))) ((> n size))
           (when (call-lambda 'button-pressed from (list-head (get-cards from) n))
             (set! pressed (cons (list from n) pressed))
             (for-each
              (lambda (to)
                (unless (= to from)
                  (let ((dropping (droppable? from n to))
                        (result (trial snap (lambda () (drag! from n to)))))
                    (when (or dropping (car result))
                      (set! drops (cons (cons* from n to dropping result) drops))))))
              ids)))))
     ids)
    (for-each
     (lambda (kind)
       (for-each
        (lambda (id)
          (let ((result (trial snap (lambda () (click! kind id)))))
            (when (or (car result) (pair? (cadr result)))
              (set! clicks (cons (cons* kind id result) clicks)))))
        ids))
     '(button-clicked button-double-clicked))
    (append (status)
            (list (list "pressed" (reverse pressed))
                  (list "drops" (reverse drops))
                  (list "clicks" (reverse clicks))))))

;;; Commands.
(define (load-game name seed)
  ;; api keeps one list of the variables games save for undo: start it afresh per game.
  (module-set! api 'variable-list '())
  ((iface-ref 'reset-interface!))
  ((iface-ref 'seed-random!) seed)
  (set! game-module (make-fresh-user-module))
  (in-game (lambda ()
             (primitive-load-path name)
             (start-game)
             (call-lambda 'new-game)
             (end-move)))
  (slots))

(define (restart)
  ;; The game's new-game again, after the harness set its option variables.
  (call-lambda 'new-game)
  (end-move)
  (slots))

(define (options)
  ;; The game's option list as its menu shows it: labels with values, and the group marks.
  (or (call-lambda 'get-options) '()))

(define (set-options! choices)
  ;; As the options menu does: each (label value) chosen replaces the entry of that label,
  ;; then apply-options, then a new deal.
  (let ((current (options)))
    (call-lambda 'apply-options
                 (map (lambda (entry)
                        (let ((chosen (and (pair? entry) (assoc (car entry) choices))))
                          (if chosen (list (car entry) (cadr chosen)) entry)))
                      current))
    (restart)))

(define (slots)
  (map (lambda (id) (let ((slot (get-slot id))) (list id (caddr slot) (slot-ints id))))
       ((iface-ref 'slot-ids))))

(define (set-slots! entries)
  (for-each (lambda (entry) (set-cards-c! (car entry) (reverse (map int->card (cdr entry)))))
            entries)
  (for-each (lambda (name) (module-set! api name '())) '(MOVE HISTORY FUTURE))
  #t)

(define (set-var! where name value)
  (module-set! (if (eq? where 'api) api game-module) name value)
  #t)

(define (get-var where name)
  (module-ref (if (eq? where 'api) api game-module) name))

(define (act kind . args)
  (let ((snap (snapshot)))
    (list (case kind
            ((drag) (apply drag! args))
            ((click) (click! 'button-clicked (car args)))
            ((double-click) (click! 'button-double-clicked (car args)))
            ((undo) (undo) #t)
            ((redo) (redo) #t))
          (changes-since snap))))

(define (dispatch command)
  (case (car command)
    ((load) (apply load-game (cdr command)))
    ((slots) (slots))
    ((new-game) (restart))
    ((options) (options))
    ((set-options) (set-options! (cdr command)))
    ((set-slots) (set-slots! (cdr command)))
    ((set-var) (apply set-var! (cdr command)))
    ((get-var) (apply get-var (cdr command)))
    ((vars) (map (lambda (entry) (list (car entry) (caddr entry)))
                 (module-values (if (eq? (cadr command) 'api) api game-module))))
    ((status) (status))
    ((probe) (probe))
    ((act) (apply act (cdr command)))
    (else (error "unknown command" (car command)))))

(define (reply ok value)
  (display (if ok "ok " "err "))
  (write-json value)
  (newline)
  (force-output))

(let loop ()
  (let ((line (read-line)))
    (unless (eof-object? line)
      (catch #t
        (lambda ()
          (let ((command (with-input-from-string line read)))
            (reply #t (if game-module
                          (in-game (lambda () (dispatch command)))
                          (dispatch command)))))
        (lambda (key . args) (reply #f (object->string (cons key args)))))
      (loop))))
