// A test stand-in for Google's gapi loader (https://apis.google.com/js/api.js), which this offline test
// machine cannot reach. Firebase Auth's popup flow loads it even against the Auth emulator, and so does
// the emulator's helper iframe. Browser tests route that URL here. It implements only the part of
// gapi.iframes those two use: open an iframe, ping it, and register/send named messages both ways.
(function () {
  if (window.gapi && window.gapi.__standIn) return runOnload();
  var FILTER = 'gapi-stand-in-cross-origin';
  var seq = 0;

  function channel(target) {
    var handlers = {};
    var queued = {};
    var pending = {};
    var ponged = false;
    var onPong = [];
    window.addEventListener('message', function (event) {
      var m = event.data;
      if (event.source !== target || !m || m.__gapiStandIn !== true) return;
      if (m.kind === 'send') {
        if (handlers[m.type]) reply(m);
        else (queued[m.type] = queued[m.type] || []).push(m);
      } else if (m.kind === 'reply' && pending[m.id]) {
        var callback = pending[m.id];
        delete pending[m.id];
        callback(m.responses);
      } else if (m.kind === 'pong') {
        ponged = true;
        onPong.splice(0).forEach(function (f) {
          f();
        });
      }
    });
    function reply(m) {
      Promise.resolve(handlers[m.type](m.data)).then(function (result) {
        target.postMessage(
          { __gapiStandIn: true, kind: 'reply', id: m.id, responses: result === undefined ? [] : [result] },
          '*',
        );
      });
    }
    return {
      register: function (type, handler) {
        handlers[type] = handler;
        (queued[type] || []).splice(0).forEach(reply);
      },
      send: function (type, data, callback) {
        var id = ++seq;
        pending[id] = callback || function () {};
        target.postMessage({ __gapiStandIn: true, kind: 'send', type: type, data: data, id: id }, '*');
      },
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          onPong.push(function () {
            if (callback) callback();
            resolve();
          });
          (function again() {
            if (ponged) return;
            target.postMessage({ __gapiStandIn: true, kind: 'ping' }, '*');
            setTimeout(again, 100);
          })();
        });
      },
    };
  }

  // Every page with the stand-in answers pings from its parent or its iframes.
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (m && m.__gapiStandIn === true && m.kind === 'ping' && event.source) {
      event.source.postMessage({ __gapiStandIn: true, kind: 'pong' }, '*');
    }
  });

  var context = {
    open: function (options, beforeResolve) {
      var frame = document.createElement('iframe');
      var style = (options.attributes && options.attributes.style) || {};
      Object.keys(style).forEach(function (key) {
        frame.style[key] = style[key];
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var handle = channel(frame.contentWindow);
      return Promise.resolve(beforeResolve ? beforeResolve(handle) : undefined).then(function () {
        return handle;
      });
    },
    getParentIframe: function () {
      return channel(window.parent);
    },
  };

  window.gapi = {
    __standIn: true,
    load: function (_name, options) {
      setTimeout(function () {
        var callback = typeof options === 'function' ? options : options && options.callback;
        if (callback) callback();
      }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      getContext: function () {
        return context;
      },
    },
  };
  runOnload();

  function runOnload() {
    var script = document.currentScript;
    var name = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
    setTimeout(function () {
      if (name && typeof window[name] === 'function') window[name]();
      if (typeof window.gapi_onload === 'function') window.gapi_onload();
    }, 0);
  }
})();
